/** Pure logic of the indicator dialog. */
import type { CheckItemKind, Indicator, IndicatorBody } from '@app/contract'

export interface IndicatorFormValues {
  name: string
  kind: CheckItemKind
  unit?: string
  min?: number | null
  max?: number | null
  options?: string[]
  required: boolean
  remarks?: string
}

export const indicatorFormValues = (r: Indicator | null): IndicatorFormValues =>
  r ? { name: r.name, kind: r.kind, unit: r.unit ?? '', min: r.min, max: r.max, options: r.options, required: r.required, remarks: r.remarks ?? '' }
    : { name: '', kind: 'pass_fail', required: true, options: [] }

export function indicatorBodyOf(v: IndicatorFormValues): IndicatorBody {
  const number = v.kind === 'number'
  return {
    name: v.name.trim(), kind: v.kind,
    unit: number ? (v.unit ?? '').trim() || null : null,
    min: number ? v.min ?? null : null,
    max: number ? v.max ?? null : null,
    options: v.kind === 'choice' ? (v.options ?? []).map((o) => o.trim()).filter(Boolean) : [],
    required: v.required, remarks: (v.remarks ?? '').trim() || null,
  }
}

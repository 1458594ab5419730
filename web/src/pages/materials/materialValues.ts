/** Pure logic of the material list and its dialog (unit-tested in web/test/stock.test.ts). */
import { formatYuan, MATERIAL_STATUS, parseQuantity, parseYuan, type Material, type MaterialQuery } from '@app/contract'
import type { MaterialSend } from '../../api/materials'
import { cleanFilters } from '../../components/listQuery'

export const STATUS_OPTIONS = MATERIAL_STATUS.map((s) => ({ value: s, label: s }))

export interface MaterialFormValues {
  name: string
  typeId?: number
  specification?: string
  unit: string
  /** yuan, as typed */
  listPrice: string
  /** units, as typed; blank: no threshold */
  lowStock?: string
}

/** '0.000' → '', '12.500' → '12.5': a quantity as a form shows it */
export const quantityInput = (q: string) => (parseQuantity(q) === 0 ? '' : q.replace(/\.?0+$/, ''))

export const materialFormValues = (m: Material | null): Partial<MaterialFormValues> =>
  m ? { name: m.name, typeId: m.typeId, specification: m.specification ?? '', unit: m.unit, listPrice: formatYuan(m.listPrice), lowStock: quantityInput(m.lowStock) }
    : { unit: '个' }

/** The body of a save or an update (the form has checked it): the price typed in yuan goes as fen, exactly; the threshold as text. */
export function materialBodyOf(v: MaterialFormValues): MaterialSend {
  const low = (v.lowStock ?? '').trim()
  return {
    name: v.name.trim(),
    typeId: v.typeId!,
    specification: (v.specification ?? '').trim() || null,
    unit: v.unit.trim(),
    // the form's rule (yuanPrice) has passed it
    listPrice: parseYuan(String(v.listPrice))!,
    lowStock: low || '0',
  }
}

export function materialFilters(values: Record<string, unknown>): Omit<MaterialQuery, 'page' | 'size'> {
  const { name, typeId, status } = cleanFilters(values)
  return { name: name as string | undefined, typeId: typeId == null ? undefined : Number(typeId), status: status as MaterialQuery['status'] }
}

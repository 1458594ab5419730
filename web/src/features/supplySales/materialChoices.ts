/**
 * The materials in use, for a line's picker on the supply order and sale forms: read once through the
 * query cache (`materials` queries; a write to the materials invalidates them) and shown as
 * 名称 规格（单位）.
 */
import type { Material } from '@app/contract'
import * as salesApi from '../../api/sales'
import { useChoices } from '../../components/useChoices'

export const MATERIAL_OPTIONS_KEY = ['materials', 'options'] as const

export const useMaterials = (): Material[] => useChoices(MATERIAL_OPTIONS_KEY, (opts) => salesApi.materialOptions({}, opts))

/** what a picker shows for a material */
export const materialLabel = (m: Pick<Material, 'name' | 'specification' | 'unit'>) =>
  `${m.name}${m.specification ? ` ${m.specification}` : ''}（${m.unit}）`

export const materialChoices = (materials: readonly Material[]) => materials.map((m) => ({ label: materialLabel(m), value: m.id }))

/** A row's lines as one text: 名称 数量单位, … */
export const linesText = (lines: readonly { materialName: string; quantity: string; unit: string }[]) =>
  lines.map((l) => `${l.materialName} ${trimQuantity(l.quantity)}${l.unit}`).join('，')

/** '12.500' → '12.5', '3.000' → '3': the server's fixed 3 places without the trailing zeros */
export function trimQuantity(q: string): string {
  return q.includes('.') ? q.replace(/\.?0+$/, '') : q
}

/** The ids picked on more than one line (the server would add them up; the form asks for one line each). */
export function repeatedMaterials(lines: readonly ({ materialId?: number } | undefined)[] | undefined): Set<number> {
  const seen = new Set<number>()
  const repeated = new Set<number>()
  for (const l of lines ?? []) {
    if (l?.materialId == null) continue
    if (seen.has(l.materialId)) repeated.add(l.materialId)
    seen.add(l.materialId)
  }
  return repeated
}

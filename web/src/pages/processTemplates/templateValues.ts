/** Pure logic of the template editor (unit-tested in web/test/templateEditor.test.ts). */
import {
  normalizeCheckItem, templateBody,
  type CheckItemKind, type Indicator, type ProcessTemplateDetail, type TemplateBody, type TemplateStep,
} from '@app/contract'

/** A check item being edited; `uid` identifies it to the drag and drop, `key` to the server. */
export interface EditItem {
  uid: string
  key?: string
  name: string
  kind: CheckItemKind
  unit?: string | null
  min?: number | null
  max?: number | null
  options?: string[]
  required: boolean
  indicatorId?: number | null
}
export interface EditStep {
  uid: string
  key?: string
  name: string
  items: EditItem[]
}

export interface TemplateFormValues {
  name: string
  remarks?: string
  steps: EditStep[]
}

let seq = 0
export const newUid = () => `u${++seq}`

export const newItem = (kind: CheckItemKind = 'pass_fail'): EditItem => ({ uid: newUid(), name: '', kind, required: true, options: [] })
export const newStep = (n: number): EditStep => ({ uid: newUid(), name: `步骤${n}`, items: [newItem()] })

/** An indicator copied into a step (later edits of the indicator do not reach the template). */
export const itemFromIndicator = (i: Indicator): EditItem => ({
  uid: newUid(), name: i.name, kind: i.kind, unit: i.unit, min: i.min, max: i.max, options: [...i.options], required: i.required, indicatorId: i.id,
})

export const editSteps = (steps: TemplateStep[]): EditStep[] =>
  steps.map((s) => ({ uid: newUid(), key: s.key, name: s.name, items: s.items.map((i) => ({ ...i, options: [...i.options], uid: newUid() })) }))

export const formValuesOf = (t: ProcessTemplateDetail | null): TemplateFormValues =>
  t ? { name: t.name, remarks: t.remarks ?? '', steps: editSteps(t.steps) } : { name: '', remarks: '', steps: [newStep(1)] }

/** Moves the element at `from` to `to` (the others keep their order). */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list
  const next = [...list]
  const [x] = next.splice(from, 1)
  next.splice(to, 0, x!)
  return next
}

/** What the server receives: trimmed names, and only the fields the item's kind uses. */
export function templateBodyOf(v: TemplateFormValues): TemplateBody {
  return {
    name: (v.name ?? '').trim(),
    remarks: (v.remarks ?? '').trim() || null,
    steps: (v.steps ?? []).map((s) => ({
      ...(s.key ? { key: s.key } : {}),
      name: (s.name ?? '').trim(),
      items: s.items.map((i) => {
        const n = normalizeCheckItem({ ...i, name: (i.name ?? '').trim(), options: (i.options ?? []).map((o) => o.trim()).filter(Boolean) })
        return {
          ...(i.key ? { key: i.key } : {}),
          name: n.name, kind: n.kind, unit: n.unit ? n.unit.trim() || null : null, min: n.min, max: n.max, options: n.options,
          required: i.required, indicatorId: i.indicatorId ?? undefined,
        }
      }),
    })),
  }
}

/** The first problem the server would find with the steps, in its words, or null. */
export function stepsProblem(steps: EditStep[] | undefined): string | null {
  const checked = templateBody.safeParse(templateBodyOf({ name: '模板', steps: steps ?? [] }))
  return checked.success ? null : checked.error.issues[0]?.message ?? '步骤格式不正确'
}

export const itemCount = (steps: { items: unknown[] }[]) => steps.reduce((n, s) => n + s.items.length, 0)

import { z } from 'zod'
import { filterText, optIdField, optText, text } from './fields.js'
import { paging } from './zod.js'

/**
 * Inspection reference data kept by headquarters (spec 000 §6 keys model, indicator_out, indicator,
 * groups; issue 12 "Reference data"): process templates per vehicle type (车辆类型, `/model/*`), the
 * non-process templates (isOut, `/indicatorOut/*`), the reusable check items (检验指标, `/indicator/*`)
 * and the station groups and stations of each base (工位分组, `/groups/*`).
 *
 * A template is an ordered list of steps, a step an ordered list of check items. Saving a template
 * whose content changed writes a new immutable version; a report keeps the version it started with.
 */

/** What a check item records: 合格/不合格, a number with unit and range, text, a photo, one of some options. */
export const CHECK_ITEM_KINDS = ['pass_fail', 'number', 'text', 'photo', 'choice'] as const
export type CheckItemKind = (typeof CHECK_ITEM_KINDS)[number]
export const CHECK_ITEM_KIND_LABELS: Record<CheckItemKind, string> = {
  pass_fail: '合格/不合格', number: '数值', text: '文字', photo: '照片', choice: '选项',
}

/**
 * Centres with special handling (spec 000 §9): a centre filter value that is one of these names is a
 * centre; any other value is a company id. Station groups belong to a base and, optionally, a centre.
 */
export const INSPECTION_CENTERS = ['罐车一中心', '罐车二中心', '罐车三中心'] as const
export type InspectionCenter = (typeof INSPECTION_CENTERS)[number]
export const isInspectionCenter = (v: unknown): v is InspectionCenter => (INSPECTION_CENTERS as readonly unknown[]).includes(v)
/** The spec's centre-or-base filter value: a centre name, else a company id (or nothing usable). */
export function parseCenterFilter(value: string | number | null | undefined): { center: InspectionCenter } | { companyId: number } | null {
  if (value == null || value === '') return null
  if (isInspectionCenter(value)) return { center: value }
  const id = Number(value)
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? { companyId: id } : null
}

/** Sizes of a template (a template holds at most STEPS × ITEMS check items). */
export const TEMPLATE_LIMITS = { steps: 30, itemsPerStep: 60, options: 20, stations: 100 } as const
export const CHECK_ITEM_VALUE_MAX = 1_000_000_000

export const InspectionRefMsg = {
  templateNotFound: '检验模板不存在',
  versionNotFound: '模板版本不存在',
  templateNameTaken: (name: string) => `模板“${name}”已存在，请换一个名称`,
  indicatorNotFound: '检验指标不存在',
  indicatorNameTaken: (name: string) => `检验指标“${name}”已存在，请勿重复添加`,
  groupNotFound: '工位分组不存在',
  groupNameTaken: (name: string) => `本基地已有工位分组“${name}”`,
  stationNotInGroup: '工位不属于该分组，请刷新后重试',
  stationNameRepeated: (name: string) => `工位“${name}”重复，同一分组内工位名称不能相同`,
  stepNameRepeated: (name: string) => `步骤“${name}”重复，同一模板内步骤名称不能相同`,
  itemNameRepeated: (step: string, name: string) => `步骤“${step}”中检验项“${name}”重复`,
  rangeInverted: (name: string) => `检验项“${name}”的最小值不能大于最大值`,
  choiceNeedsOptions: (name: string) => `检验项“${name}”是选项类型，至少需要2个选项`,
  optionRepeated: (name: string) => `检验项“${name}”的选项不能重复`,
  centerInvalid: `所属中心只能是${INSPECTION_CENTERS.join('、')}`,
} as const

const optNumber = (label: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? Number(v.trim()) : v),
    z.number({ error: `${label}必须是数字` })
      .refine(Number.isFinite, { error: `${label}必须是数字` })
      .min(-CHECK_ITEM_VALUE_MAX, { error: `${label}不能小于${-CHECK_ITEM_VALUE_MAX}` })
      .max(CHECK_ITEM_VALUE_MAX, { error: `${label}不能大于${CHECK_ITEM_VALUE_MAX}` })
      .nullable().optional(),
  ).describe(label)

const kindField = z.enum(CHECK_ITEM_KINDS, {
  error: (iss) => (iss.input == null ? '类型不能为空' : `类型只能是${Object.values(CHECK_ITEM_KIND_LABELS).join('、')}`),
}).describe('类型')

/** A key that ties a step or item across versions (later records name it); the server makes one when missing. */
const keyField = z.string({ error: '标识格式不正确' }).trim().regex(/^[A-Za-z0-9_-]{1,32}$/, { error: '标识只能是1-32位字母、数字、_ 或 -' }).optional().describe('标识')

/** The fields of a check item, shared by an indicator and an item of a template step. */
const checkItemShape = {
  name: text('检验项名称', 50),
  kind: kindField,
  unit: optText('单位', 20),
  min: optNumber('最小值'),
  max: optNumber('最大值'),
  options: z.array(text('选项', 30), { error: '选项格式不正确' }).max(TEMPLATE_LIMITS.options, { error: `选项不能超过${TEMPLATE_LIMITS.options}个` }).optional().describe('选项'),
  required: z.boolean({ error: '是否必填只能是是或否' }).optional().describe('是否必填'),
}

type CheckItemFields = { name: string; kind: CheckItemKind; unit?: string | null; min?: number | null; max?: number | null; options?: string[] }

/** Range and options only where the kind has them; a choice needs two distinct options. */
function checkItemRules<T extends CheckItemFields>(item: T, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  if (item.kind === 'number' && item.min != null && item.max != null && item.min > item.max) {
    ctx.addIssue({ code: 'custom', message: InspectionRefMsg.rangeInverted(item.name), path: [...path, 'min'] })
  }
  if (item.kind === 'choice') {
    const options = item.options ?? []
    if (options.length < 2) ctx.addIssue({ code: 'custom', message: InspectionRefMsg.choiceNeedsOptions(item.name), path: [...path, 'options'] })
    else if (new Set(options).size !== options.length) ctx.addIssue({ code: 'custom', message: InspectionRefMsg.optionRepeated(item.name), path: [...path, 'options'] })
  }
}

/** What the kind does not use is dropped, so a stored item holds only what it means. */
export function normalizeCheckItem<T extends CheckItemFields>(item: T) {
  return {
    ...item,
    unit: item.kind === 'number' ? item.unit ?? null : null,
    min: item.kind === 'number' ? item.min ?? null : null,
    max: item.kind === 'number' ? item.max ?? null : null,
    options: item.kind === 'choice' ? item.options ?? [] : [],
  }
}

export const templateItemBody = z.object({ key: keyField, ...checkItemShape, indicatorId: optIdField('检验指标') })
  .superRefine((item, ctx) => checkItemRules(item, ctx))
export type TemplateItemBody = z.infer<typeof templateItemBody>

export const templateStepBody = z.object({
  key: keyField,
  name: text('步骤名称', 50),
  items: z.array(templateItemBody, { error: '检验项格式不正确' })
    .min(1, { error: '每个步骤至少需要1个检验项' })
    .max(TEMPLATE_LIMITS.itemsPerStep, { error: `每个步骤的检验项不能超过${TEMPLATE_LIMITS.itemsPerStep}个` }),
})
export type TemplateStepBody = z.infer<typeof templateStepBody>

/** A template (vehicle type) as saved: name, remarks and its steps in order. */
export const templateBody = z.object({
  name: text('模板名称', 50),
  remarks: optText('备注', 500),
  steps: z.array(templateStepBody, { error: (iss) => (iss.input == null ? '步骤不能为空' : '步骤格式不正确') })
    .min(1, { error: '至少需要1个步骤' })
    .max(TEMPLATE_LIMITS.steps, { error: `步骤不能超过${TEMPLATE_LIMITS.steps}个` }),
}).superRefine((t, ctx) => {
  const steps = new Set<string>()
  t.steps.forEach((step, s) => {
    if (steps.has(step.name)) ctx.addIssue({ code: 'custom', message: InspectionRefMsg.stepNameRepeated(step.name), path: ['steps', s, 'name'] })
    steps.add(step.name)
    const items = new Set<string>()
    step.items.forEach((item, i) => {
      if (items.has(item.name)) ctx.addIssue({ code: 'custom', message: InspectionRefMsg.itemNameRepeated(step.name, item.name), path: ['steps', s, 'items', i, 'name'] })
      items.add(item.name)
    })
  })
})
export type TemplateBody = z.infer<typeof templateBody>

export const templateFilters = z.object({ name: filterText('模板名称', 50) })
export type TemplateFilters = z.infer<typeof templateFilters>
export const templateQuery = paging.extend(templateFilters.shape)
export type TemplateQuery = z.infer<typeof templateQuery>

/** What a check item asks for: shared by a template's items and the indicators they are copied from. */
export interface CheckItemContent {
  name: string
  kind: CheckItemKind
  unit: string | null
  min: number | null
  max: number | null
  options: string[]
  required: boolean
}

/** A check item as a version holds it (frozen). */
export interface CheckItem extends CheckItemContent {
  key: string
  /** the indicator it was picked from, if any (its content is copied, not linked) */
  indicatorId: number | null
}
export interface TemplateStep {
  key: string
  name: string
  items: CheckItem[]
}

/** A row of the template list. */
export interface ProcessTemplate {
  id: number
  name: string
  /** true: a non-process template (非流程检验, indicator_out) */
  isOut: boolean
  remarks: string | null
  /** the current version's id and number */
  versionId: number
  version: number
  stepCount: number
  itemCount: number
  createTimeStr: string
  updateTimeStr: string
}

/** A template with the steps of its current version (what the editor opens). */
export interface ProcessTemplateDetail extends ProcessTemplate {
  steps: TemplateStep[]
}

/** One immutable version: what a report started from keeps pointing at. */
export interface TemplateVersion {
  id: number
  templateId: number
  version: number
  name: string
  isOut: boolean
  steps: TemplateStep[]
  createdBy: string | null
  createTimeStr: string
}
/** A version in the template's history (without its steps). */
export type TemplateVersionSummary = Omit<TemplateVersion, 'steps'> & { stepCount: number; itemCount: number }

/** A template another screen may pick (the start-inspection dialog's vehicle type list). */
export interface TemplateOption {
  id: number
  name: string
  isOut: boolean
  versionId: number
  version: number
}

export const TEMPLATE_EXPORT_NAME = '检验模板列表'

// ---- indicators -------------------------------------------------------------------------------

export const indicatorBody = z.object({ ...checkItemShape, remarks: optText('备注', 500) })
  .superRefine((item, ctx) => checkItemRules(item, ctx))
export type IndicatorBody = z.infer<typeof indicatorBody>

export const indicatorFilters = z.object({
  name: filterText('指标名称', 50),
  kind: z.preprocess((v) => (v === '' || v === null ? undefined : v), kindField.optional()),
})
export type IndicatorFilters = z.infer<typeof indicatorFilters>
export const indicatorQuery = paging.extend(indicatorFilters.shape)
export type IndicatorQuery = z.infer<typeof indicatorQuery>

export interface Indicator extends CheckItemContent {
  id: number
  remarks: string | null
  createTimeStr: string
}

export const INDICATOR_EXPORT_NAME = '检验指标列表'

// ---- station groups ---------------------------------------------------------------------------

const centerField = z.preprocess(
  (v) => (v === '' ? null : v),
  z.enum(INSPECTION_CENTERS, { error: InspectionRefMsg.centerInvalid }).nullable().optional(),
).describe('所属中心')

export const stationBody = z.object({
  /** an existing station of the group (kept, renamed, reordered); without it a new one */
  id: optIdField('工位'),
  name: text('工位名称', 50),
})
export type StationBody = z.infer<typeof stationBody>

/** A group with its stations in order; stations missing from the list are removed. */
export const stationGroupBody = z.object({
  name: text('分组名称', 50),
  center: centerField,
  remarks: optText('备注', 500),
  /** headquarters names the base of a new group (else its own); an edit keeps the group's base */
  companyId: optIdField('基地'),
  stations: z.array(stationBody, { error: '工位格式不正确' })
    .max(TEMPLATE_LIMITS.stations, { error: `工位不能超过${TEMPLATE_LIMITS.stations}个` })
    .default([]),
}).superRefine((g, ctx) => {
  const names = new Set<string>()
  g.stations.forEach((s, i) => {
    if (names.has(s.name)) ctx.addIssue({ code: 'custom', message: InspectionRefMsg.stationNameRepeated(s.name), path: ['stations', i, 'name'] })
    names.add(s.name)
  })
})
export type StationGroupBody = z.infer<typeof stationGroupBody>

export const stationGroupFilters = z.object({
  name: filterText('分组名称', 50),
  center: centerField,
  companyId: optIdField('基地'),
})
export type StationGroupFilters = z.infer<typeof stationGroupFilters>
export const stationGroupQuery = paging.extend(stationGroupFilters.shape)
export type StationGroupQuery = z.infer<typeof stationGroupQuery>

export interface Station {
  id: number
  groupId: number
  name: string
  sort: number
}
export interface StationGroup {
  id: number
  companyId: number
  companyName: string
  name: string
  center: InspectionCenter | null
  remarks: string | null
  stations: Station[]
  createTimeStr: string
}

export const STATION_GROUP_EXPORT_NAME = '工位分组列表'

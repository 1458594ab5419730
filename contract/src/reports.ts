import { z } from 'zod'
import { dateField, dateRange, filterText, idField, mobileField, optIdField, optText, text } from './fields.js'
import { CHECK_ITEM_VALUE_MAX, type CheckItem, type InspectionCenter, type TemplateStep } from './inspectionRefs.js'
import { revealBody } from './personalData.js'
import { licensePlateField, tankerTypeField } from './reservations.js'
import { paging } from './zod.js'

/**
 * Inspection reports (检验登记 / 检验报告): spec 000 §2 trace list, §3 report and vehicle registration,
 * §4 states, §5 registration rules, §7 "Inspection reports"; DESIGN §5 for the state machine.
 *
 * A report starts as a vehicle registration (已登记), is started with a lead inspector and a process
 * template (its version is frozen into the report), collects one record per check item while
 * 正在检验, is finished (result derived from the records), reviewed by a second person and signed off.
 */

// ---- statuses and their moves (DESIGN §5) ----

export const REPORT_STATUS = {
  registered: 0, inspecting: 1, paused: 2, void: 3, finished: 4, reviewed: 5, signed: 6,
} as const
export type ReportStatus = (typeof REPORT_STATUS)[keyof typeof REPORT_STATUS]
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  0: '已登记', 1: '正在检验', 2: '暂停检验', 3: '作废', 4: '检验完成', 5: '已审核', 6: '已签发',
}
export const REPORT_STATUS_VALUES = Object.values(REPORT_STATUS) as ReportStatus[]

/**
 * Named moves of a report: the dialog or button each is, and the states it goes between. 退回 takes a
 * reason; 开始检验 a lead inspector and template. Every other move is refused (409 naming both states).
 */
export const REPORT_MOVES = {
  start: { label: '开始检验', from: [0], to: 1 },
  pause: { label: '暂停检验', from: [1], to: 2 },
  resume: { label: '继续检验', from: [2], to: 1 },
  void: { label: '作废', from: [0, 1, 2], to: 3 },
  finish: { label: '完成检验', from: [1], to: 4 },
  review: { label: '审核', from: [4], to: 5 },
  sign: { label: '签发', from: [5], to: 6 },
  return: { label: '退回', from: [4, 5], to: 1 },
} as const satisfies Record<string, { label: string; from: readonly ReportStatus[]; to: ReportStatus }>
export type ReportMove = keyof typeof REPORT_MOVES
export const REPORT_MOVE_NAMES = Object.keys(REPORT_MOVES) as ReportMove[]

/** The move that takes `from` to `to`, if DESIGN §5 allows one. */
export function reportMoveBetween(from: ReportStatus, to: ReportStatus): ReportMove | null {
  return REPORT_MOVE_NAMES.find((m) => REPORT_MOVES[m].to === to && (REPORT_MOVES[m].from as readonly number[]).includes(from)) ?? null
}
/** The moves a report in `status` may make, in the order the screen offers them. */
export const movesFrom = (status: ReportStatus): ReportMove[] =>
  REPORT_MOVE_NAMES.filter((m) => (REPORT_MOVES[m].from as readonly number[]).includes(status))

/** 流程检验 goes through a process template's steps; 非流程检验 (isOut) uses a non-process template. */
export const REPORT_TYPES = { process: '流程检验', out: '非流程检验' } as const
export const reportTypeLabel = (isOut: boolean | null | undefined) => (isOut == null ? '' : isOut ? REPORT_TYPES.out : REPORT_TYPES.process)

export const REPORT_RESULTS = { pass: '合格', fail: '不合格' } as const
export type ReportResult = (typeof REPORT_RESULTS)[keyof typeof REPORT_RESULTS]

/** A check item's value that settles the safety grade of a pressure tanker (承压车辆, grade 1-5). */
export const SAFETY_GRADE_ITEM = '安全状况等级'
/** Choice options that mean the vehicle may not be used (a verdict item such as 检验结论). */
export const FAILING_CHOICE_RE = /停止使用|不允许|不合格/

/** Years until the next inspection: yearly (年度) for every passed tanker; a full one (全面) for pressure tankers by grade. */
export const NEXT_INSPECTION_YEARS = { yearly: 1, fullByGrade: { 1: 5, 2: 5, 3: 3 } as Record<number, number> } as const
/**
 * Expiry warnings of signed reports by how close the next inspection date is: the list shows them, and
 * the registered phone gets one SMS per threshold (the most urgent one reached, never all three at once).
 */
export const EXPIRY_LEVELS = {
  overdue: { days: 0, label: '已过期' },
  within10: { days: 10, label: '10天内到期' },
  within30: { days: 30, label: '30天内到期' },
} as const
export type ExpiryLevel = keyof typeof EXPIRY_LEVELS
export const EXPIRY_LEVEL_NAMES = Object.keys(EXPIRY_LEVELS) as ExpiryLevel[]

/** The warning a next inspection date earns today ('YYYY-MM-DD' China days), or null. */
export function expiryOf(nextInspectionDate: string | null, today: string): { level: ExpiryLevel; label: string; days: number } | null {
  if (!nextInspectionDate) return null
  const days = Math.round((Date.parse(`${nextInspectionDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
  const level = days < 0 ? 'overdue' : days <= 10 ? 'within10' : days <= 30 ? 'within30' : null
  return level && { level, label: EXPIRY_LEVELS[level].label, days }
}

export const REPORT_LIMITS = { images: 9, photosPerItem: 9, textValue: 500, returnReason: 200, number: CHECK_ITEM_VALUE_MAX } as const

export const ReportMsg = {
  notFound: '检验报告不存在',
  /** what a reveal's log entry calls the report (PersonalDataMsg.revealLog) */
  revealSubject: (reportNumber: string, plate: string) => `检验报告 ${reportNumber}（车牌 ${plate}）`,
  registered: '登记成功',
  updated: '修改成功',
  started: '已开始检验',
  badMove: (from: string, to: string) => `检验报告当前状态为“${from}”，不能改为“${to}”`,
  onlyWhileInspecting: (action: string, status: string) => `只有正在检验的报告才能${action}，当前状态为“${status}”`,
  onlyRegisteredEditable: (status: string) => `只有已登记的报告才能修改登记信息，当前状态为“${status}”`,
  registrationIncomplete: (fields: string[]) => `请先通过“编辑登记”补全：${fields.join('、')}`,
  inspectorNotFound: '检验负责人不存在或不是本基地的检验员',
  startNeedsDialog: '开始检验请使用“开始检验”，并选择检验负责人和检验模板',
  templateNotFound: '检验模板不存在',
  stationNotFound: '工位不存在或不属于本基地',
  itemNotFound: (key: string) => `检验项不存在（${key}），请刷新页面`,
  valueRequired: (name: string) => `请填写“${name}”`,
  valueKind: (name: string, kind: string) => `“${name}”应填写${kind}`,
  optionUnknown: (name: string) => `“${name}”的选项不在可选范围内`,
  tooManyPhotos: `每个检验项最多 ${REPORT_LIMITS.photosPerItem} 张照片`,
  missingItems: (names: string[]) =>
    `还有 ${names.length} 个必填检验项未填写：${names.slice(0, 5).join('、')}${names.length > 5 ? ' 等' : ''}`,
  reviewerIsInspector: '审核和签发须由检验负责人以外的人员完成',
  signerIsReviewer: '签发须由审核人以外的人员完成',
  returnReasonRequired: '请填写退回原因',
  reservationUsed: '该预约已登记过检验报告',
  reservationNotToday: '只能同步今天的预约',
  statusChanged: '状态更改成功',
  recordSaved: '已保存',
  stationChanged: '工位更改成功',
  cancelled: '报告已作废',
  verifyNotFound: '未找到该检验报告，请核对二维码',
  /** building the PDF ran out of its time or memory, or failed (server/src/platform/workerPool.ts) */
  pdfFailed: '该报告的 PDF 未能生成（内容无法排版，或超出了限定的时间和内存），请检查报告内容后重试',
  expirySms: (plate: string, date: string, days: number) => days < 0
    ? `【罐车检验】您的车辆${plate}的罐车检验已于${date}到期，请尽快预约检验。`
    : `【罐车检验】您的车辆${plate}的罐车检验将于${date}到期（还有${days}天），请及时预约检验。`,
} as const

// ---- registration ----

/** The driver's phone where one must be typed: a new registration not made from a booking. */
export const reportPhoneField = mobileField('驾驶员电话')

/**
 * The register dialog (spec 000 §5: all seven required) plus the optional tank number and scene photos.
 * Lists show the phone masked, so a dialog never holds it whole: left out, an edit keeps the report's
 * and a registration from a booking takes the booking's; any other registration must give it.
 */
const registrationFields = z.object({
  /** headquarters registers for the base it names; everyone else for their own */
  companyId: optIdField('基地'),
  licenseNumber: licensePlateField('车牌号'),
  tankerType: tankerTypeField('车辆类型'),
  org: text('单位', 100),
  contactName: text('驾驶员姓名', 50),
  phone: reportPhoneField.optional(),
  latestMaterial: text('最近装载介质', 50),
  outdate: dateField('有效期'),
  tankerNumber: optText('罐体编号', 50),
  images: z.array(idField('现场照片'), { error: '现场照片格式不正确' })
    .max(REPORT_LIMITS.images, { error: `现场照片最多 ${REPORT_LIMITS.images} 张` }).optional().describe('现场照片'),
  /** the booking it came from (reception's check-in) */
  receptionId: optIdField('预约'),
})
const phoneUnlessKept = (b: { phone?: string; receptionId?: number | null; id?: number | null }, ctx: z.RefinementCtx) => {
  if (b.phone === undefined && b.receptionId == null && b.id == null) ctx.addIssue({ code: 'custom', path: ['phone'], message: '驾驶员电话不能为空' })
}
export const reportRegistrationBody = registrationFields.superRefine(phoneUnlessKept)
export type ReportRegistrationBody = z.infer<typeof reportRegistrationBody>

/** `/report/save`: with an id the registration of a report still 已登记 is edited, without one a report is registered. */
export const reportSaveBody = registrationFields.extend({ id: optIdField('报告编号') }).superRefine(phoneUnlessKept)
export type ReportSaveBody = z.infer<typeof reportSaveBody>

// ---- moves ----

/** `POST /report/start/{id}`: the start-inspection dialog. */
export const reportStartBody = z.object({
  inspectorId: idField('检验负责人'),
  templateId: idField('检验模板'),
  stationId: optIdField('工位'),
})
export type ReportStartBody = z.infer<typeof reportStartBody>

const statusField = (label: string) => z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.literal(REPORT_STATUS_VALUES, {
    error: (iss) => (iss.input == null ? `${label}不能为空` : `${label}只能是${REPORT_STATUS_VALUES.map((s) => `${s}（${REPORT_STATUS_LABELS[s]}）`).join('、')}`),
  }),
).describe(label)

/** `/report/setStatus/{id}?status=` and `/report/changeStatus/{id}/{status}`: any move but 开始检验. */
export const reportStatusQuery = z.object({ status: statusField('状态') })
export const reportStatusParams = z.object({ id: idField('报告编号'), status: statusField('状态') })
/** 退回 needs a reason; the other moves take none. */
export const reportMoveBody = z.object({
  reason: optText('退回原因', REPORT_LIMITS.returnReason),
}).default({})
export type ReportMoveBody = z.infer<typeof reportMoveBody>

export const reportStationBody = z.object({ stationId: idField('工位') })
export type ReportStationBody = z.infer<typeof reportStationBody>

// ---- records ----

/**
 * One check item's entry (auto-saved as it is entered). value by kind: pass_fail true (合格) / false
 * (不合格); number; text; photo: attachment ids; choice: one of the options. null clears it.
 */
export const reportRecordBody = z.object({
  itemKey: z.string({ error: '检验项不能为空' }).trim().regex(/^[A-Za-z0-9_-]{1,32}$/, { error: '检验项格式不正确' }).describe('检验项'),
  value: z.union([
    z.boolean(),
    z.number().finite().min(-REPORT_LIMITS.number).max(REPORT_LIMITS.number),
    z.string().max(REPORT_LIMITS.textValue, { error: `内容不能超过${REPORT_LIMITS.textValue}个字符` }),
    z.array(z.number().int().positive()).max(REPORT_LIMITS.photosPerItem, { error: ReportMsg.tooManyPhotos }),
    z.null(),
  ], { error: '检验值格式不正确' }).describe('检验值'),
  remark: optText('问题描述', REPORT_LIMITS.textValue),
})
export type ReportRecordBody = z.infer<typeof reportRecordBody>
export type RecordValue = ReportRecordBody['value']

/** One saved entry, with who entered it and when. */
export interface ReportRecord {
  stepKey: string
  itemKey: string
  value: RecordValue
  remark: string | null
  /** null: not judged (text, photo, most choices); false: out of range or 不合格 */
  passed: boolean | null
  userName: string
  updateTimeStr: string
}

/**
 * Whether an entered value passes its item: pass_fail by itself, a number by its range, a choice that
 * names 停止使用 / 不合格 fails; text and photos are not judged. Empty values are not judged.
 */
export function judgeRecord(item: Pick<CheckItem, 'kind' | 'min' | 'max'>, value: RecordValue): boolean | null {
  if (value === null || value === '' || (Array.isArray(value) && !value.length)) return null
  switch (item.kind) {
    case 'pass_fail': return value === true
    case 'number': return typeof value === 'number' && (item.min == null || value >= item.min) && (item.max == null || value <= item.max)
    case 'choice': return typeof value === 'string' && FAILING_CHOICE_RE.test(value) ? false : null
    default: return null
  }
}
export const isFilled = (value: RecordValue | undefined) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && !value.length)

/** The range of a number item as people read it: '6 ~ 8 kPa', '≥ 30 min', '≤ 10 Ω'. */
export function rangeText(item: Pick<CheckItem, 'min' | 'max' | 'unit'>): string {
  const unit = item.unit ? ` ${item.unit}` : ''
  if (item.min != null && item.max != null) return `${item.min} ~ ${item.max}${unit}`
  if (item.min != null) return `≥ ${item.min}${unit}`
  if (item.max != null) return `≤ ${item.max}${unit}`
  return ''
}

// ---- list ----

const optStatus = z.preprocess((v) => (v === '' || v === null ? undefined : v), statusField('状态').optional())
const optBool = (label: string) => z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean({ error: `${label}只能是是或否` }).optional(),
).describe(label)

export const reportFilters = z.object({
  reportNumber: filterText('报告编号', 30),
  licenseNumber: filterText('车牌号', 20),
  tankerNumber: filterText('罐体编号', 50),
  contactName: filterText('驾驶员姓名', 50),
  /** the whole number (lists show it masked) */
  phone: filterText('电话', 20),
  org: filterText('单位', 100),
  tankerType: z.preprocess((v) => (v === '' || v === null ? undefined : v), tankerTypeField('车辆类型').optional()),
  status: optStatus,
  /** true: 非流程检验 */
  isOut: optBool('检验类型'),
  /** the cascader's value: a centre name (罐车一中心…) or a base id */
  center: z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
    z.string({ error: '中心或基地格式不正确' }).max(20, { error: '中心或基地格式不正确' }).optional()).describe('中心或基地'),
  companyId: optIdField('基地'),
  /** the lead inspector (/report/getByUserId) */
  inspectorId: optIdField('检验负责人'),
  /** the station (/report/selectReports: a station's terminal) */
  stationId: optIdField('工位'),
  createTime: dateRange('登记时间'),
  /** signed reports whose next inspection is overdue or due within 10 / 30 days */
  expiry: z.preprocess((v) => (v === '' || v === null ? undefined : v),
    z.enum(EXPIRY_LEVEL_NAMES as [ExpiryLevel, ...ExpiryLevel[]], { error: `到期提醒只能是${Object.values(EXPIRY_LEVELS).map((l) => l.label).join('、')}` }).optional()).describe('到期提醒'),
})
export type ReportFilters = z.infer<typeof reportFilters>
export const reportQuery = paging.extend(reportFilters.shape)
export type ReportQuery = z.infer<typeof reportQuery>
/** Default page size of the inspection list (spec 000 §9). */
export const REPORT_PAGE_SIZE = 10

/**
 * The legacy look-ups of spec 000 §7, in this product's terms (they answer lists, newest first, at
 * most REPORT_LOOKUP_LIMIT, within the caller's bases):
 * - /report/get/{testeeId}: the inspected vehicle's history: every report of the plate of report testeeId;
 * - /report/getByUserId/{id}: the reports whose lead inspector is user id (paged like the list);
 * - /report/selectReports/{stationId}/{licenseNumber}: a station terminal's: the reports of a plate at a station;
 * - /report/searchReports/{licenseNumber}/{tankerNumber}: the tanker picker's: by plate and tank number ('-' for any).
 */
export const REPORT_LOOKUP_LIMIT = 50
/** a search term left open in /report/searchReports */
export const ANY_TERM = '-'
const lookupTerm = (label: string, max: number) => z.string({ error: `${label}格式不正确` }).trim()
  .min(1, { error: `请输入${label}` }).max(max, { error: `${label}不能超过${max}个字符` }).describe(`${label}（${ANY_TERM} 表示不限）`)
export const reportSearchParams = z.object({ licenseNumber: lookupTerm('车牌号', 20), tankerNumber: lookupTerm('罐体编号', 50) })
export const reportSelectParams = z.object({ stationId: idField('工位'), licenseNumber: lookupTerm('车牌号', 20) })

export interface ReportImage { id: number; name: string }

/** `POST /report/reveal/{id}`: the driver's phone in full (roles of mayRevealPersonalData; logged). */
export const reportRevealBody = revealBody(['phone'])

/** A row of the inspection list (spec 000 §3 report fields, as this product names them); the phone masked. */
export interface Report {
  id: number
  reportNumber: string
  companyId: number
  companyName: string
  center: InspectionCenter | null
  licenseNumber: string
  tankerType: string
  tankerNumber: string | null
  /** null until 编辑登记 completes a registration made from a booking */
  org: string | null
  contactName: string
  phone: string
  latestMaterial: string | null
  outdate: string | null
  images: ReportImage[]
  status: ReportStatus
  statusName: string
  isOut: boolean | null
  typeName: string
  receptionId: number | null
  templateId: number | null
  templateName: string | null
  templateVersion: number | null
  inspectorId: number | null
  inspectorName: string | null
  stationId: number | null
  stationName: string | null
  result: ReportResult | null
  safetyGrade: number | null
  nextInspectionDate: string | null
  fullInspectionDate: string | null
  /** a signed report's warning: overdue or due within 10 / 30 days */
  expiry: { level: ExpiryLevel; label: string; days: number } | null
  returnReason: string | null
  reviewerName: string | null
  signerName: string | null
  startTimeStr: string
  finishTimeStr: string
  signTimeStr: string
  createTimeStr: string
  /** optimistic version, raised by every write */
  version: number
}

/** A status change as the overview lists it. */
export interface ReportEvent {
  fromStatus: ReportStatus | null
  toStatus: ReportStatus
  fromName: string
  toName: string
  reason: string | null
  userName: string
  createTimeStr: string
}

/** `/report/getDetail/{id}`: the report, the template version it runs, its records and its history. */
export interface ReportDetail extends Report {
  steps: TemplateStep[]
  records: ReportRecord[]
  events: ReportEvent[]
  /** required items still empty (what 完成检验 waits for) */
  missing: string[]
}

/** What the public verification page (QR code) shows: result and validity only. */
export interface ReportVerification {
  reportNumber: string
  licenseNumber: string
  tankerType: string
  companyName: string
  result: ReportResult | null
  safetyGrade: number | null
  status: ReportStatus
  statusName: string
  signTimeStr: string
  nextInspectionDate: string | null
  valid: boolean
}

export const REPORT_EXPORT_NAME = '检验登记列表'

import { z } from 'zod'
import { dateRange, filterText, optIdField, parseDateTime, text } from './fields.js'
import { idNumberField } from './personalData.js'
import { paging } from './zod.js'

/**
 * Health measurements (spec 000 §2 "Legacy measurement list"): blood pressure, fasting blood sugar,
 * height and weight taken by a base's devices (machines), with the conclusions of the Chinese
 * guidelines. The thresholds live here once; server, web and exports all read them.
 */

// --- conclusions -----------------------------------------------------------------------------------

export const BP_CONCLUSIONS = ['正常', '正常高值', '高血压1级', '高血压2级', '高血压3级'] as const
export const SUGAR_CONCLUSIONS = ['正常', '空腹血糖受损', '糖尿病'] as const
export const BMI_CONCLUSIONS = ['偏瘦', '正常', '超重', '肥胖'] as const
export type BpConclusion = (typeof BP_CONCLUSIONS)[number]
export type SugarConclusion = (typeof SUGAR_CONCLUSIONS)[number]
export type BmiConclusion = (typeof BMI_CONCLUSIONS)[number]

/**
 * 《中国高血压防治指南（2018年修订版）》表 3（mmHg）:
 * 正常 <120 且 <80；正常高值 120–139 和/或 80–89；1级 140–159 和/或 90–99；2级 160–179 和/或 100–109；
 * 3级 ≥180 和/或 ≥110. When the two pressures fall in different grades, the higher grade counts.
 */
export function bloodPressureConclusion(systolic: number, diastolic: number): BpConclusion {
  const grade = (s: number, d: number) => Math.max(
    s >= 180 ? 4 : s >= 160 ? 3 : s >= 140 ? 2 : s >= 120 ? 1 : 0,
    d >= 110 ? 4 : d >= 100 ? 3 : d >= 90 ? 2 : d >= 80 ? 1 : 0,
  )
  return BP_CONCLUSIONS[grade(systolic, diastolic)]!
}

/**
 * Fasting venous plasma glucose (mmol/L), WHO 1999 as 《中国2型糖尿病防治指南（2020年版）》表 3 and 4 use it:
 * 正常 <6.1；空腹血糖受损 6.1 至 <7.0；糖尿病 ≥7.0.
 */
export function bloodSugarConclusion(fastingMmolPerL: number): SugarConclusion {
  return fastingMmolPerL >= 7.0 ? '糖尿病' : fastingMmolPerL >= 6.1 ? '空腹血糖受损' : '正常'
}

/**
 * BMI (kg/m²) for Chinese adults, 《中国成人超重和肥胖症预防控制指南》 and WS/T 428—2013:
 * 偏瘦（体重过低）<18.5；正常 18.5 至 <24；超重 24 至 <28；肥胖 ≥28.
 */
export function bmiConclusion(bmi: number): BmiConclusion {
  return bmi >= 28 ? '肥胖' : bmi >= 24 ? '超重' : bmi >= 18.5 ? '正常' : '偏瘦'
}

/** weight (kg) / height (m)², one decimal */
export const bmiOf = (heightCm: number, weightKg: number) => Math.round((weightKg / (heightCm / 100) ** 2) * 10) / 10

/** Whether a conclusion is outside the normal (the lists mark it). 偏瘦 counts: it is a finding too. */
export const isAbnormal = (conclusion: string | null | undefined) => Boolean(conclusion) && conclusion !== '正常'

// --- what a device may send ------------------------------------------------------------------------

/** What a person can measure at all; a reading outside is a device fault or a typing error, never stored. */
export const MEASUREMENT_RANGES = {
  systolic: { label: '收缩压', unit: 'mmHg', min: 50, max: 300, decimals: 0 },
  diastolic: { label: '舒张压', unit: 'mmHg', min: 30, max: 200, decimals: 0 },
  sugar: { label: '空腹血糖', unit: 'mmol/L', min: 1, max: 35, decimals: 1 },
  height: { label: '身高', unit: 'cm', min: 50, max: 250, decimals: 1 },
  weight: { label: '体重', unit: 'kg', min: 10, max: 300, decimals: 1 },
} as const
type RangeKey = keyof typeof MEASUREMENT_RANGES

/** BMI a living adult can have (the record holders lie inside); a height and weight giving another is a fault. */
export const BMI_RANGE = { min: 7, max: 150 } as const

/** A device may be a day behind or a minute ahead of the server; older readings are refused. */
export const MEASUREMENT_MAX_AGE_DAYS = 366
const CLOCK_SLACK_MS = 5 * 60_000

export const MeasurementMsg = {
  outOfRange: (k: RangeKey) => {
    const r = MEASUREMENT_RANGES[k]
    return `${r.label}应在${r.min}至${r.max}${r.unit}之间，请检查设备后重新测量`
  },
  nothingMeasured: '请至少提交血压、空腹血糖或身高体重中的一项',
  pressurePair: '收缩压和舒张压需同时提交',
  diastolicNotBelow: '舒张压应低于收缩压，请检查设备后重新测量',
  heightWeightPair: '身高和体重需同时提交',
  bmiImpossible: `身高和体重算出的BMI不在${BMI_RANGE.min}至${BMI_RANGE.max}之间，请检查设备后重新测量`,
  future: '测量时间不能晚于现在，请校准设备时钟',
  tooOld: `测量时间不能早于${MEASUREMENT_MAX_AGE_DAYS}天前`,
  deviceUnknown: '设备编号或密钥不正确',
  deviceTooFast: (perMinute: number) => `该设备提交过于频繁（每分钟最多${perMinute}次），请稍后再试`,
  deviceMissing: '请在请求头提供设备编号（X-Device-No）和密钥（Authorization: Bearer …）',
  memberUnknown: '该身份证号的会员未在本基地登记，请先登记会员',
  recorded: '测量数据已记录',
  alreadyRecorded: '该测量数据此前已记录',
  machineNotFound: '设备不存在',
  duplicateDeviceNo: '该设备编号已登记',
  machineHasMeasurements: '该设备已有测量记录，不能删除',
  townUnknown: '所在乡镇不存在，请从行政区划中选择',
  secretShownOnce: '设备密钥只显示这一次，请立即配置到设备中',
} as const

const reading = (k: RangeKey) => {
  const r = MEASUREMENT_RANGES[k]
  return z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? (Number.isNaN(Number(v)) ? v : Number(v)) : v),
    z.number({ error: `${r.label}必须是数字` })
      .refine(Number.isFinite, { error: `${r.label}必须是数字` })
      .refine((n) => n >= r.min && n <= r.max, { error: MeasurementMsg.outOfRange(k) })
      .transform((n) => Math.round(n * 10 ** r.decimals) / 10 ** r.decimals)
      .optional(),
  ).describe(r.label)
}

const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

const measuredTime = z.string({ error: (iss) => (iss.input == null ? '测量时间不能为空' : '测量时间格式不正确') })
  .trim().min(1, { error: '测量时间不能为空' })
  .regex(DATE_TIME_RE, { error: '测量时间格式不正确，应为 YYYY-MM-DD HH:mm:ss' })
  .refine((s) => !Number.isNaN(parseDateTime(s).getTime()), { error: '测量时间不是有效的时间' })
  .refine((s) => parseDateTime(s).getTime() <= Date.now() + CLOCK_SLACK_MS, { error: MeasurementMsg.future })
  .refine((s) => parseDateTime(s).getTime() >= Date.now() - MEASUREMENT_MAX_AGE_DAYS * 86_400_000, { error: MeasurementMsg.tooOld })
  .describe('测量时间')

/**
 * `POST /machine/measurement`, sent by a device with its own credential. `requestId` is the device's
 * name for this reading: sending it again (a retry after a lost answer) records nothing new.
 */
export const measurementBody = z.object({
  requestId: z.string({ error: (iss) => (iss.input == null ? '请求编号不能为空' : '请求编号格式不正确') })
    .trim().min(1, { error: '请求编号不能为空' }).max(64, { error: '请求编号不能超过64个字符' })
    .regex(/^[\w.:-]+$/, { error: '请求编号只能包含字母、数字和 _ . : -' }).describe('请求编号'),
  idNo: idNumberField('身份证号'),
  measuredTime,
  systolic: reading('systolic'),
  diastolic: reading('diastolic'),
  sugar: reading('sugar'),
  height: reading('height'),
  weight: reading('weight'),
}).superRefine((b, ctx) => {
  const has = (v: unknown) => v !== undefined
  if (has(b.systolic) !== has(b.diastolic)) ctx.addIssue({ code: 'custom', message: MeasurementMsg.pressurePair, path: [has(b.systolic) ? 'diastolic' : 'systolic'] })
  else if (b.systolic !== undefined && b.diastolic !== undefined && b.diastolic >= b.systolic) {
    ctx.addIssue({ code: 'custom', message: MeasurementMsg.diastolicNotBelow, path: ['diastolic'] })
  }
  if (has(b.height) !== has(b.weight)) ctx.addIssue({ code: 'custom', message: MeasurementMsg.heightWeightPair, path: [has(b.height) ? 'weight' : 'height'] })
  else if (b.height !== undefined && b.weight !== undefined) {
    const bmi = bmiOf(b.height, b.weight)
    if (bmi < BMI_RANGE.min || bmi > BMI_RANGE.max) ctx.addIssue({ code: 'custom', message: MeasurementMsg.bmiImpossible, path: ['weight'] })
  }
  if (![b.systolic, b.sugar, b.height].some(has)) ctx.addIssue({ code: 'custom', message: MeasurementMsg.nothingMeasured, path: [] })
})
export type MeasurementBody = z.infer<typeof measurementBody>

/** The conclusions of one reading (null where that part was not measured). */
export function conclusionsOf(m: Pick<MeasurementBody, 'systolic' | 'diastolic' | 'sugar' | 'height' | 'weight'>) {
  const bmi = m.height !== undefined && m.weight !== undefined ? bmiOf(m.height, m.weight) : null
  return {
    bmi,
    bpConclusion: m.systolic !== undefined && m.diastolic !== undefined ? bloodPressureConclusion(m.systolic, m.diastolic) : null,
    sugarConclusion: m.sugar !== undefined ? bloodSugarConclusion(m.sugar) : null,
    bmiConclusion: bmi !== null ? bmiConclusion(bmi) : null,
  }
}

// --- machines and the measurement list -----------------------------------------------------------

export const machineBody = z.object({
  type: text('设备类型', 50),
  deviceNo: z.string({ error: (iss) => (iss.input == null ? '设备编号不能为空' : '设备编号格式不正确') })
    .trim().min(1, { error: '设备编号不能为空' }).max(50, { error: '设备编号不能超过50个字符' })
    .regex(/^[\w-]+$/, { error: '设备编号只能包含字母、数字、_ 和 -' }).describe('设备编号'),
  companyId: optIdField('基地'),
  /** where the device stands: a town's (乡镇、街道) 9-digit code of the national division; the town statistics count by it */
  townCode: z.preprocess((v) => (v === '' ? null : v), z.string({ error: '所在乡镇格式不正确' }).trim()
    .regex(/^\d{9}$/, { error: '所在乡镇应为9位行政区划代码' }).nullable().optional()).describe('所在乡镇'),
})
export type MachineBody = z.infer<typeof machineBody>

export const machineQuery = paging.extend({ deviceNo: filterText('设备编号', 50), type: filterText('设备类型', 50), companyId: optIdField('基地') })
export type MachineQuery = z.infer<typeof machineQuery>

export interface Machine {
  id: number
  companyId: number
  companyName: string
  type: string
  deviceNo: string
  /** the town's 9-digit code and name ('' when not set) */
  townCode: string | null
  townName: string
  createTime: string
}
/** A new machine, or one whose secret was reset: the secret is in this answer only. */
export interface MachineWithSecret extends Machine {
  secret: string
}

export const measurementFilters = z.object({
  name: filterText('姓名', 50),
  machineId: optIdField('设备'),
  testeeId: optIdField('会员'),
  measuredTimeQuery: dateRange('测量时间'),
  /** only readings with a conclusion other than 正常 */
  abnormal: z.preprocess((v) => (v === '' || v == null ? undefined : v === 'true' || v === true || v === '是' ? true : v === 'false' || v === false || v === '否' ? false : v),
    z.boolean({ error: '是否异常只能是是或否' }).optional()).describe('是否异常'),
  companyId: optIdField('基地'),
})
export const measurementQuery = paging.extend(measurementFilters.shape)
export type MeasurementFilters = z.infer<typeof measurementFilters>
export const MEASUREMENT_EXPORT_NAME = '测量记录'
export type MeasurementQuery = z.infer<typeof measurementQuery>

/** One reading's values and the three conclusions, as the list and the public page show them. */
export interface ReadingValues {
  systolic: number | null
  diastolic: number | null
  sugar: number | null
  height: number | null
  weight: number | null
  bmi: number | null
  bpConclusion: BpConclusion | null
  sugarConclusion: SugarConclusion | null
  bmiConclusion: BmiConclusion | null
}

/** A reading as the list shows it (phone masked). */
export interface Measurement extends ReadingValues {
  id: number
  companyId: number
  machineId: number
  deviceNo: string
  testeeId: number
  name: string
  sex: string
  phone: string
  age: number
  measuredTime: string
}

// --- the public report page (/activity) ----------------------------------------------------------

/**
 * The link a device shows or prints after a reading: `/activity?userNo=<member>&deviceNo=<device>&token=`.
 * The member's and device's numbers are guessable; the token (an expiry and a signature the server
 * makes with a key only it holds) is not, and a link lives this long.
 */
export const ACTIVITY_LINK_DAYS = 30
export const ACTIVITY_PATH = '/activity'
export const ACTIVITY_RESULT_PATH = '/activity/result'
/** A person's reports the public page lists at most (newest first). */
export const ACTIVITY_REPORTS_MAX = 50

export const ActivityLinkMsg = {
  /** the one answer to any link the server did not make: wrong token, unknown person or device, expired */
  invalid: '报告链接无效或已过期，请在测量设备上重新扫码查看',
  missing: '请扫描测量设备上的二维码打开本页面',
  none: '暂无测量报告',
} as const

export const activityLinkQuery = z.object({
  userNo: z.string().trim().max(20).default('').describe('会员编号'),
  deviceNo: z.string().trim().max(50).default('').describe('设备编号'),
  token: z.string().trim().max(100).default('').describe('报告令牌'),
})
export type ActivityLinkQuery = z.infer<typeof activityLinkQuery>

/** One reading as the person sees it on the public page: values and the three conclusions. */
export interface PublicReport extends ReadingValues {
  id: number
  measuredTime: string
}

/** `GET /public/activity/reports`: whose reports (name masked to the surname), where, and the readings. */
export interface PublicReports {
  name: string
  sex: string
  companyName: string
  deviceNo: string
  reports: PublicReport[]
}

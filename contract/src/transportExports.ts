import { z } from 'zod'
import { dateRange, filterText, idField, oneOf, optIdField, text } from './fields.js'
import type { Tolerance, ToleranceUnit } from './transportMath.js'
import { TRANSPORT_MAX_PAGE_SIZE } from './constants.js'
import { transportFilters, type Transport } from './transports.js'

/**
 * The transport grid's toolbar (spec 001 §2 "Export flow", §5, §8): the data export of chosen
 * columns, the reconciliation statement (对账单), the SMS to carriers about pound differences, and the
 * pound-difference tolerance of each settlement unit.
 */

/** The grid's columns in the spec's order (spec 001 §2): a key of `Transport` and its title. */
export const TRANSPORT_COLUMNS = {
  createTime: '上传时间',
  deliveryTimeStr: '发货时间',
  signTimeStr: '收货时间',
  deliveryCarrier: '承运单位',
  deliveryPlateNumber: '车牌号',
  deliveryManufactory: '生产厂家',
  signName: '收货单位',
  signPlace: '收货地址',
  signSettlement: '结算单位',
  deliveryGoodsName: '商品名称',
  deliveryNetWeight: '发货净重(吨)',
  signNetWeight: '收货净重(吨)',
  poundDiff: '磅差(吨)',
  deliverySpecific: '水泥编号',
  deliveryCustomer: '购货单位',
  signUser: '签收人',
  deliveryNumber: '发货单号',
  signNumber: '收货单号',
  deliveryBags: '袋数',
  deliveryAdditional: '备注',
  deliveryGrossWeight: '毛重',
  deliveryTareWeight: '皮重',
  signFirstNetWeight: '第一收货净重(吨)',
  signBags: '收货袋数',
  signGrossWeight: '收货毛重',
  signTareWeight: '收货皮重',
  signAdditional: '收货备注',
  phone: '账号',
  companyName: '基地',
} as const satisfies Partial<Record<keyof Transport, string>>
export type TransportColumn = keyof typeof TRANSPORT_COLUMNS
export const TRANSPORT_COLUMN_KEYS = Object.keys(TRANSPORT_COLUMNS) as [TransportColumn, ...TransportColumn[]]

/**
 * A row of the grid's packed page (`POST /logistics/grid`): its columns, its pictures (by attachment
 * id: their URLs would be a sixth of the page), and what the row's actions, colour and expansion need.
 */
export const TRANSPORT_GRID_FIELDS = [
  'id', 'status', 'dangerLevel', ...TRANSPORT_COLUMN_KEYS, 'deliveryPicId', 'signPicId', 'destinations',
] as const satisfies readonly (keyof Transport)[]
export type TransportGridField = (typeof TRANSPORT_GRID_FIELDS)[number]
export type TransportGridRow = Pick<Transport, TransportGridField>
/** Columns holding tons: numbers with two decimals in a spreadsheet. */
export const TRANSPORT_WEIGHT_COLUMNS: readonly TransportColumn[] = [
  'deliveryNetWeight', 'signNetWeight', 'poundDiff', 'deliveryGrossWeight', 'deliveryTareWeight',
  'signFirstNetWeight', 'signGrossWeight', 'signTareWeight',
]

/** File names (spec 001 §9): data export and reconciliation statement, both xlsx. */
export const TRANSPORT_EXPORT_NAME = '数据导出'
export const STATEMENT_NAME = '对账单'
/** A statement is a document to print and sign: more transports than this are refused. */
export const STATEMENT_MAX_ROWS = 5000

export const TransportExportMsg = {
  noColumns: '请至少选择一列导出',
  unknownColumn: (c: string) => `导出列不存在：${c}`,
  startDate: '请选择开始日期',
  endDate: '请选择结束日期',
  customer: '请选择购货单位',
  carrier: '请选择承运单位',
  noTransports: '该期间没有该购货单位和承运单位的已上传完成的运单',
  tooManyForStatement: (n: number) => `该条件下有${n}条运单，对账单最多${STATEMENT_MAX_ROWS}条，请缩短日期范围`,
  downloaded: '下载成功',
  downloadFailed: '下载失败',
  exportFailed: '导出失败',
  statementFailed: '对账单生成失败，请缩短日期范围后重试',
  noFile: '没有可下载的文件',
  cannotPreview: '无法预览该表格，但可以下载',
} as const

/** Titles → keys: the old client sends the columns' titles, the new one their keys. */
const COLUMN_BY_TITLE = new Map<string, TransportColumn>(
  Object.entries(TRANSPORT_COLUMNS).map(([k, title]) => [title, k as TransportColumn]),
)
const exportColumns = z.array(z.string({ error: TransportExportMsg.noColumns }), { error: TransportExportMsg.noColumns })
  .max(TRANSPORT_COLUMN_KEYS.length * 2, { error: TransportExportMsg.noColumns })
  .transform((cols, ctx) => {
    const keys: TransportColumn[] = []
    for (const c of cols) {
      const key = c in TRANSPORT_COLUMNS ? (c as TransportColumn) : COLUMN_BY_TITLE.get(c)
      if (!key) {
        ctx.addIssue({ code: 'custom', message: TransportExportMsg.unknownColumn(c.slice(0, 40)) })
        return z.NEVER
      }
      if (!keys.includes(key)) keys.push(key)
    }
    return keys
  })
  .refine((keys) => keys.length > 0, { error: TransportExportMsg.noColumns })

/**
 * `POST /logistics/export`: the grid's filters and the columns to write (keys or titles; the old
 * client's page and size are ignored: every row of the filters is written). `ids` (the grid's
 * selected rows, at most a page of them) narrows it to those transports.
 */
export const transportExportBody = transportFilters.extend({
  exportColumns: z.preprocess((v) => v ?? [], exportColumns).describe('导出列'),
  ids: z.array(idField('运单'), { error: '运单编号格式不正确' })
    .min(1, { error: '请至少选择一条运单' })
    .max(TRANSPORT_MAX_PAGE_SIZE, { error: `一次最多导出所选${TRANSPORT_MAX_PAGE_SIZE}条运单` }).optional().describe('所选运单'),
})
export type TransportExportBody = z.infer<typeof transportExportBody>

/** What the statement needs, checked in the spec's order (spec 001 §5): the first missing one, or null. */
export function exportSumProblem(v: { deliveryTimeQuery?: unknown; deliveryCustomer?: unknown; deliveryCarrier?: unknown }): string | null {
  const filled = (x: unknown) => typeof x === 'string' ? x.trim() !== '' : x != null
  const [start, end] = Array.isArray(v.deliveryTimeQuery) ? v.deliveryTimeQuery : []
  if (!filled(start)) return TransportExportMsg.startDate
  if (!filled(end)) return TransportExportMsg.endDate
  if (!filled(v.deliveryCustomer)) return TransportExportMsg.customer
  if (!filled(v.deliveryCarrier)) return TransportExportMsg.carrier
  return null
}

/** `POST /logistics/exportSum`: the reconciliation statement of one purchasing unit and carrier over a period. */
export const exportSumBody = z.object({
  companyId: optIdField('基地'),
  deliveryTimeQuery: dateRange('发货时间'),
  deliveryCustomer: filterText('购货单位'),
  deliveryCarrier: filterText('承运单位'),
}).superRefine((v, ctx) => {
  const problem = exportSumProblem(v)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})
export type ExportSumBody = z.infer<typeof exportSumBody>

/** SMS about pound differences: per base, one send a minute and this many a day. */
export const SMS_SEND_LIMIT = { intervalMs: 60_000, perDay: 50 } as const
/** The most transports one send names by id. */
export const SMS_MAX_IDS = 1000
/** Plates listed in one message; more are counted. */
export const SMS_MAX_PLATES = 10
/**
 * Characters of a carrier name and of a plate a message shows. Both are the client's own text (a
 * carrier may be named anything): the message quotes them, cut short, so they read as data.
 */
export const SMS_CARRIER_SHOWN = 20
export const SMS_PLATE_SHOWN = 12
/** Carriers an answer names per reason; more are counted. */
const SMS_NAMES_SHOWN = 5

/** `POST /sms/send`: the selected transports, or (without ids) those of the grid's filters. */
export const smsSendBody = transportFilters.extend({
  ids: z.array(idField('运单'), { error: '运单编号格式不正确' })
    .max(SMS_MAX_IDS, { error: `一次最多选择${SMS_MAX_IDS}条运单` }).optional().describe('运单'),
})
export type SmsSendBody = z.infer<typeof smsSendBody>

export interface SmsSendResult {
  /** messages sent (one per carrier) */
  sent: number
  /** transports over tolerance named in them */
  transports: number
  /** carriers without a logistics company or without its mobile number: nothing was sent to them */
  noPhone: string[]
  /** carriers whose message the SMS service refused */
  failed: string[]
  /** carriers whose message was not sent because the base or the phone had its day's messages */
  heldBack: SmsHeldBack[]
}

export interface SmsHeldBack {
  carrier: string
  /** why, in Chinese (SmsSendMsg.baseDayCap, phoneDayCap) */
  reason: string
}

/** One carrier's transports over tolerance, as the message lists them. */
export interface SmsTransportLine { plate: string | null; time: string; poundDiff: number }

/** The client's text inside a message: without brackets, quotes or line breaks of its own, cut to `max` characters. */
const smsData = (text: string, max: number) => {
  const t = text.replace(/[【】[\]“”"'\p{Cc}]/gu, ' ').replace(/\s+/g, ' ').trim()
  return t.length > max ? `${t.slice(0, max - 1)}…` : t
}

const someNames = (names: string[]) =>
  names.length > SMS_NAMES_SHOWN ? `${names.slice(0, SMS_NAMES_SHOWN).join('、')}等${names.length}家` : names.join('、')

/** The held-back carriers by reason: "reason：a、b、c". */
function heldBackText(held: SmsHeldBack[]) {
  const byReason = new Map<string, string[]>()
  for (const h of held) byReason.set(h.reason, [...byReason.get(h.reason) ?? [], h.carrier])
  return [...byReason].map(([reason, carriers]) => `${reason}：${someNames(carriers)}`).join('；')
}

export const SmsSendMsg = {
  noneOver: '没有磅差超标的运单',
  tooSoon: `发送过于频繁，请${SMS_SEND_LIMIT.intervalMs / 1000}秒后再试`,
  dayLimit: `今日短信发送次数已达上限（${SMS_SEND_LIMIT.perDay}次），请明天再试`,
  baseDayCap: (cap: number) => `本基地今日磅差短信已达上限（${cap}条）`,
  phoneDayCap: (cap: number) => `该号码今日已收到${cap}条磅差短信`,
  done: (r: SmsSendResult) => {
    const failed = r.failed.length ? `发送失败：${r.failed.join('、')}` : ''
    if (r.sent > 0) {
      return [
        `发送成功，共发送${r.sent}条短信（${r.transports}条运单）`, r.noPhone.length ? `未登记手机号：${r.noPhone.join('、')}` : '', failed,
        r.heldBack.length ? `${r.heldBack.length}条未发送：${heldBackText(r.heldBack)}` : '',
      ].filter(Boolean).join('；')
    }
    if (failed || r.heldBack.length) return [failed, r.heldBack.length ? `未发送：${heldBackText(r.heldBack)}` : ''].filter(Boolean).join('；')
    return `没有可发送的号码：${r.noPhone.join('、')}未登记物流公司手机号`
  },
  content: (base: string, carrier: string, lines: SmsTransportLine[]) => {
    const shown = lines.slice(0, SMS_MAX_PLATES)
      .map((l) => `${l.plate ? smsData(l.plate, SMS_PLATE_SHOWN) : '未知车牌'}（${l.time.slice(0, 10)}）磅差${l.poundDiff.toFixed(2)}吨`)
    const more = lines.length > SMS_MAX_PLATES ? `等${lines.length}车` : ''
    return `【${base}】承运单位“${smsData(carrier, SMS_CARRIER_SHOWN)}”：您有${lines.length}车运单磅差超标：${shown.join('；')}${more}，请核实。`
  },
  log: (carrier: string, phone: string, count: number) => `磅差短信：已通知承运单位${carrier}（${phone}），${count}条运单`,
  logFailed: (carrier: string, phone: string) => `磅差短信：发送给承运单位${carrier}（${phone}）失败`,
  logHeldBack: (count: number, reasons: string) => `磅差短信：${count}条未发送（${reasons}）`,
} as const

/** Tolerance limits: tons, or per mille of the delivery net weight. */
export const TOLERANCE_LIMITS: Record<ToleranceUnit, { min: number; max: number }> = {
  ton: { min: 0.01, max: 100 },
  permille: { min: 0.1, max: 1000 },
}

export const ToleranceMsg = {
  saved: '保存成功',
  valueMissing: '容差不能为空',
  valueNumber: '容差必须是数字',
  valueRange: (unit: ToleranceUnit) => {
    const { min, max } = TOLERANCE_LIMITS[unit]
    return unit === 'ton' ? `按吨计的容差应在${min}到${max}吨之间` : `按千分比计的容差应在${min}‰到${max}‰之间`
  },
  valueDecimals: '容差最多保留3位小数',
} as const

/** `POST /logistics/tolerance/find`: a base's settlement units (headquarters names the base). */
export const toleranceFindBody = z.object({ companyId: optIdField('基地') })

/** `POST /logistics/tolerance/save`: one settlement unit's tolerance (upsert). */
export const toleranceBody = z.object({
  companyId: optIdField('基地'),
  settlement: text('结算单位', 100),
  unit: oneOf('容差单位', ['ton', 'permille'], 'ton（吨）或permille（千分比）'),
  value: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z.number({ error: (iss) => (iss.input === undefined ? ToleranceMsg.valueMissing : ToleranceMsg.valueNumber) })
      .refine(Number.isFinite, { error: ToleranceMsg.valueNumber }),
  ).describe('容差'),
}).superRefine((b, ctx) => {
  const { min, max } = TOLERANCE_LIMITS[b.unit]
  if (b.value < min || b.value > max) ctx.addIssue({ code: 'custom', path: ['value'], message: ToleranceMsg.valueRange(b.unit) })
  else if (Math.abs(Math.round(b.value * 1000) - b.value * 1000) > 1e-6) ctx.addIssue({ code: 'custom', path: ['value'], message: ToleranceMsg.valueDecimals })
})
export type ToleranceBody = z.infer<typeof toleranceBody>

/** A settlement unit and its tolerance; `saved` false: none set, the default applies. */
export interface SettlementTolerance extends Tolerance {
  settlement: string
  saved: boolean
  /** its transports (of every status) */
  transports: number
}

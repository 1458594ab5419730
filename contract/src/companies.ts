import { z } from 'zod'
import { contactFilters, dateField, dateRange, idField, int, mobileField, oneOf, optIdField, optText, text } from './fields.js'
import { paging } from './zod.js'

/** Bases (companies, agents): spec 000 §2-§5, spec 001 §2. Company 1 (HQ_COMPANY_ID) is headquarters. */

export const CompanyMsg = {
  nameRequired: '基地的名称不能为空',
  domainRequired: '基地的子域名不能为空',
  domainFormat: '基地的子域名只能包含小写字母、数字和连字符（-），不能以连字符开头或结尾，最长63个字符',
  domainTaken: '该子域名已被其他基地使用',
  domainReserved: '该子域名为系统保留，请换一个',
  phoneReadOnly: '联系电话（主账号）不能修改',
  hqNotEditable: '总部不能编辑',
  hqNotDeletable: '总部不能注销',
  notFound: '基地不存在',
  domainUnknown: '该域名没有对应的基地',
  noPicture: '该基地未设置图片',
  domainQueryRequired: '子域名不能为空',
  domainQueryTooLong: '子域名不能超过253个字符',
  deregisterWarning: '注销后该基地的所有用户和数据都将被删除且无法恢复，确定注销吗？',
  deregistered: '注销成功',
  uploadTimesUsedUp: '上传次数已用完，请联系管理员充值',
  recharged: '充值成功',
  expanded: '扩容成功',
  planSaved: '预约设置保存成功',
  supplySaved: '供货关系保存成功',
  supplySame: '供货基地不能与采购基地相同',
  supplyExists: '该供货关系已存在',
  supplyNotFound: '供货关系不存在',
  buyerNotFound: '采购基地不存在',
  sellerNotFound: '供货基地不存在',
  rechargeNotFound: '充值记录不存在',
  rechargeType: '充值类型只能是1（上传次数）或2（子账号数量）',
  seatsTooFew: '子账号数量不足，无法减少',
  uploadTimesTooFew: '剩余上传次数不足，无法减少',
  rechargeRequestRequired: '充值请求编号不能为空，请刷新页面后重试',
  rechargeRequestFormat: '充值请求编号格式不正确',
  rechargeRequestReused: '该充值请求编号已用于另一笔充值，请刷新页面后重试',
} as const

/** Deregistration refused: rows in `tables` still point at the base's data. */
export const deregisterBlockedMessage = (tables: string[]) => `该基地的数据仍被其他数据引用（${tables.join('、')}），无法注销`

/** Sub-domains the product keeps for itself. */
export const RESERVED_DOMAINS = ['www', 'api', 'admin', 'app', 'static', 'mail', 'ftp', 'test', 'localhost'] as const
export const DOMAIN_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/** isCreate of a base: '1' allows sub-accounts (spec keeps it a string). */
export const IS_CREATE = { no: '0', yes: '1' } as const

const isCreateField = z.preprocess(
  (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(Number(v)) : v ?? undefined),
  oneOf('是否允许子账号', [IS_CREATE.no, IS_CREATE.yes], '0（否）或1（是）').default(IS_CREATE.yes),
)

const domainField = z.string({ error: (iss) => (iss.input == null ? CompanyMsg.domainRequired : CompanyMsg.domainFormat) })
  .trim().toLowerCase()
  .min(1, { error: CompanyMsg.domainRequired })
  .regex(DOMAIN_RE, { error: CompanyMsg.domainFormat })
  .describe('基地的子域名')

const companyFields = {
  name: text('基地的名称', 100),
  contactor: text('联系人', 50),
  address: optText('地址', 200),
  isCreate: isCreateField,
  province: optText('省份', 20),
  city: optText('城市', 20),
  district: optText('区县', 20),
  domain: domainField,
  attachmentId: optIdField('附件').nullable(),
  picId: optIdField('图片').nullable(),
}

/** Add a base. Its contact phone becomes the login of the base's main account (role base admin). */
export const companySaveBody = z.object({
  ...companyFields,
  phone: mobileField('联系电话'),
  /** initial password of the main account, encrypted like the login password; when absent the admin sets one with resetPassword */
  password: z.string().max(2048).optional().describe('主账号初始密码'),
})
export type CompanySaveBody = z.infer<typeof companySaveBody>

/** Edit a base: the phone may be sent but must not change. */
export const companyUpdateBody = z.object({
  ...companyFields,
  phone: z.string().trim().max(20).optional().describe('联系电话'),
})
export type CompanyUpdateBody = z.infer<typeof companyUpdateBody>

export const companyFindBody = paging.extend(contactFilters('基地名称'))
export type CompanyFindBody = z.infer<typeof companyFindBody>
/** The list's filters without paging: what the export takes. */
export const companyFilters = companyFindBody.pick({ name: true, contactor: true, phone: true })
export type CompanyFilters = z.infer<typeof companyFilters>

/** The login page's look-up of its base: a sub-domain, or a full host name ending in the domain suffix. */
/** `GET /company/getByDomain`: what a base's own login page shows (its picture: `GET /company/picture?domain=`). */
export interface BaseOfDomain {
  id: number
  name: string
  domain: string | null
  picId: number | null
}

export const companyDomainQuery = z.object({
  domain: z.string().trim().min(1, { error: CompanyMsg.domainQueryRequired }).max(253, { error: CompanyMsg.domainQueryTooLong }).describe('子域名'),
})

export interface CompanyRow {
  id: number
  name: string
  contactor: string | null
  phone: string | null
  address: string | null
  domain: string | null
  province: string | null
  city: string | null
  district: string | null
  isCreate: string
  attachmentId: number | null
  picId: number | null
  remainingTimes: number
  useTimes: number
  userAmount: number
  /** sub-accounts the base has */
  assignedUserNums: number
  /** userAmount - assignedUserNums (never below 0) */
  remainingUserNums: number
  mainUserId: number | null
  createTime: string
  createTimeStr: string
}

/** What deregistering a base removed: its own users, and the memberships of users who belong to other bases too. */
export interface CompanyDeregistration {
  companyId: number
  deletedUsers: number
  detachedUsers: number
  /** rows deleted per table */
  deletedRows: Record<string, number>
}

export interface CompanyOption {
  id: number
  name: string
}

export interface CompanySettings {
  /** shown after the sub-domain input, e.g. '.example.com' */
  domainSuffix: string
}

/** Columns of the base list CSV (spec 000 §2; the file is named as the base list). */
export const COMPANY_EXPORT_NAME = '基地列表'

// ---- reservation plan (spec 000 §3-4) ----

export const RESERVE_PERIODS = ['上午', '下午'] as const
export const TANKER_TYPES = ['常压车辆', '承压车辆'] as const
export type TankerType = (typeof TANKER_TYPES)[number]
/** Defaults of a new plan: period 上午, tanker type 常压车(辆), count 0, date today. */
export const RESERVATION_PLAN_DEFAULTS = { reservePeriod: '上午', tankerType: '常压车辆', totalCount: 0 } as const

export const reservationPlanSaveBody = z.object({
  companyId: idField('基地'),
  reserveTime: dateField('预约日期'),
  reservePeriod: oneOf('预约时段', RESERVE_PERIODS).default(RESERVATION_PLAN_DEFAULTS.reservePeriod),
  // the spec's short form 常压车 / 承压车 is accepted too
  tankerType: z.preprocess((v) => (v === '常压车' || v === '承压车' ? `${v}辆` : v ?? undefined),
    oneOf('车辆类型', TANKER_TYPES).default(RESERVATION_PLAN_DEFAULTS.tankerType)),
  totalCount: int('可预约数量', 0, 100_000).default(0),
})
export type ReservationPlanSaveBody = z.infer<typeof reservationPlanSaveBody>

export const reservationPlanFindBody = paging.extend({
  companyId: optIdField('基地'),
  reserveTime: dateRange('预约日期'),
})
export type ReservationPlanFindBody = z.infer<typeof reservationPlanFindBody>

export interface ReservationPlanRow {
  id: number
  companyId: number
  companyName: string
  reserveTime: string
  reservePeriod: string
  tankerType: string
  totalCount: number
  createTimeStr: string
}

// ---- supply (feed) order: buyCompanyId buys from saleCompanyId ----

export const materialOrderSaveBody = z.object({
  buyCompanyId: idField('采购基地'),
  saleCompanyId: idField('供货基地'),
})
export type MaterialOrderSaveBody = z.infer<typeof materialOrderSaveBody>
export const materialOrderFindBody = z.object({ buyCompanyId: optIdField('采购基地') })

export interface MaterialOrderRow {
  id: number
  buyCompanyId: number
  buyCompanyName: string
  saleCompanyId: number
  saleCompanyName: string
  createTimeStr: string
}

// ---- recharge records (spec 001 §2, §7) ----

/** 1: upload times (top-up); 2: sub-account quota (expand account). */
export const RECHARGE_TYPES = { times: 1, userAmount: 2 } as const
export const RECHARGE_TYPE_LABELS: Record<number, string> = { 1: '上传次数', 2: '子账号数量' }
export const RECHARGE_EXPORT_NAME = '充值记录'
const rechargeType = z.union([z.literal(RECHARGE_TYPES.times), z.literal(RECHARGE_TYPES.userAmount)], { error: CompanyMsg.rechargeType })
export type RechargeType = z.infer<typeof rechargeType>

/** The client's id of one top-up (one per dialog opening): a double submit with it tops up once. */
const rechargeRequestId = z.string({ error: (iss) => (iss.input == null ? CompanyMsg.rechargeRequestRequired : CompanyMsg.rechargeRequestFormat) })
  .trim().min(1, { error: CompanyMsg.rechargeRequestRequired })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: CompanyMsg.rechargeRequestFormat })
  .describe('充值请求编号')
export const rechargeQuery = z.object({
  companyId: idField('充值基地'),
  times: int('充值次数', 1, 1_000_000),
  /** the spec sends it; the operator is always the signed-in user */
  userId: optIdField('操作人'),
  requestId: rechargeRequestId,
})
export const rechargeAmountQuery = z.object({
  companyId: idField('基地'),
  times: int('新增子账号数量', 1, 10_000),
  requestId: rechargeRequestId,
})
export const rechargeSaveBody = z.object({
  companyId: idField('充值基地'),
  times: int('充值次数', 1, 1_000_000),
  requestId: rechargeRequestId,
  type: z.preprocess((v) => (typeof v === 'string' && v.trim() ? Number(v) : v ?? undefined), rechargeType.default(RECHARGE_TYPES.times)).describe('充值类型'),
})
export const rechargeUpdateBody = z.object({ times: int('充值次数', 1, 1_000_000) })
export const rechargeFindBody = paging.extend({
  companyId: optIdField('充值基地'),
  type: z.preprocess((v) => (v === '' || v == null ? undefined : typeof v === 'string' ? Number(v) : v), rechargeType.optional()).describe('充值类型'),
  createTimeQuery: dateRange('充值时间'),
})
export type RechargeFindBody = z.infer<typeof rechargeFindBody>
/** The list's filters without paging: what the export takes. */
export const rechargeFilters = rechargeFindBody.pick({ companyId: true, type: true, createTimeQuery: true })
export type RechargeFilters = z.infer<typeof rechargeFilters>

export interface RechargeRow {
  id: number
  companyId: number
  companyName: string
  times: number
  type: number
  typeName: string
  userId: number | null
  userName: string
  createTime: string
  createTimeStr: string
}

/** The answer of a top-up (充值, 扩容): the record and the base's counters after it. */
export interface RechargeResult {
  record: RechargeRow
  company: { id: number; remainingTimes: number; userAmount: number; useTimes: number }
}

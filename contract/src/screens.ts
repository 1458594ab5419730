import { z } from 'zod'
import { optIdField } from './fields.js'
import type { ReportStatus } from './reports.js'

/**
 * Big screens (数据大屏, issue 36; spec 001 §2 "Dashboard page with a full-screen button and an embedded
 * big-screen page taking companyId and a timestamp"): today's figures of both halves of the product on
 * one dark page a base puts on the wall. Permission `screen` (headquarters: every base, by base and by
 * province) and `base_screen` (a base: its own).
 *
 * "Today" is the China Standard Time day. The figures:
 * - inspections: reports registered today, by status; the pass rate is 合格 of the reports signed
 *   (已签发) today, as 检验统计 counts it (DESIGN §5: a report counts as finished at 已签发);
 * - reservations: bookings for today that hold a place (every status but 已取消), and those arrived;
 * - transports: transports recorded today that are not 作废, and those whose pound difference is over
 *   the tolerance (dangerLevel 1 or 3, the pink and red rows of the grid);
 * - measurements: readings taken today; each reading gives up to three results (blood pressure, blood
 *   sugar, BMI) and the abnormal share is the results other than 正常 among all results.
 *
 * The embeddable page takes `companyId`, `timestamp` (when the link was made, ms) and `signature`
 * (an HMAC only the server can make) and stops answering SCREEN_LINK_HOURS after the timestamp; a
 * headquarters link names headquarters' own id (1) for every base.
 */

/** How long a signed embed link answers after it was made, by default (the server's SCREEN_LINK_SECONDS). */
export const SCREEN_LINK_HOURS = 24
/** How often an open screen asks for its figures again. */
export const SCREEN_REFRESH_MS = 30_000
/** The public page of an embed link (outside the back office, no sign-in). */
export const SCREEN_EMBED_PATH = '/screen/embed'

export const ScreenMsg = {
  linkMissing: '大屏链接不完整：缺少基地、时间或签名，请使用管理员复制的完整链接',
  linkInvalid: '大屏链接无效（签名不符或已被改动），请向管理员索取新的链接',
  linkExpired: (valid: string) => `大屏链接已过期（有效期${valid}），请向管理员索取新的链接`,
  linkCreated: (valid: string) => `嵌入链接已生成，${valid}内有效`,
  allBases: '全部基地',
  noProvince: '未填省份',
} as const

/** `GET /screen/data`: headquarters every base (or the one named), a base its own. */
export const screenQuery = z.object({ companyId: optIdField('基地') })
export type ScreenQuery = z.infer<typeof screenQuery>

/** `POST /screen/embed/link`: the base the link shows (headquarters: none for every base). */
export const screenLinkBody = z.object({ companyId: optIdField('基地') })
export type ScreenLinkBody = z.infer<typeof screenLinkBody>

/**
 * `GET /screen/embed/data`: the link's three parts as text. Anything the server did not sign is refused
 * with the same message, so the parts are checked by the signature and not one by one.
 */
export const screenEmbedQuery = z.object({
  companyId: z.string().trim().max(20).default('').describe('基地'),
  timestamp: z.string().trim().max(20).default('').describe('链接时间'),
  signature: z.string().trim().max(100).default('').describe('签名'),
})
export type ScreenEmbedQuery = z.infer<typeof screenEmbedQuery>

/** What `POST /screen/embed/link` answers: the page's address and its parts. */
export interface ScreenLink {
  /** the page's address on the origin the request came to: `${SCREEN_EMBED_PATH}?companyId=&timestamp=&signature=` */
  url: string
  companyId: number
  timestamp: number
  signature: string
  /** 'YYYY-MM-DD HH:mm:ss' (China Standard Time) */
  expiresAt: string
}

/** One slice of the figures: a base, a province or the whole scope. */
export interface ScreenFigures {
  /** reports registered today */
  inspections: number
  /** reports signed (已签发) today, and the 合格 among them */
  signed: number
  passed: number
  /** today's bookings holding a place, and the arrived among them */
  reservations: number
  arrived: number
  /** transports recorded today (not 作废), and those with the pound difference over the tolerance */
  transports: number
  poundAlerts: number
  /** readings taken today; their results (up to three a reading) and the abnormal among them */
  measurements: number
  results: number
  abnormal: number
}

export interface ScreenBase extends ScreenFigures {
  companyId: number
  name: string
  province: string
}

export interface ScreenProvince extends ScreenFigures {
  province: string
  /** bases of the province in the scope */
  bases: number
}

/** The measures a reading's results are counted by, with their labels. */
export const SCREEN_MEASURES = { bp: '血压', sugar: '血糖', bmi: 'BMI' } as const
export type ScreenMeasure = keyof typeof SCREEN_MEASURES

/** `GET /screen/data` and `GET /screen/embed/data`. */
export interface ScreenData {
  /** the China Standard Time day counted, 'YYYY-MM-DD' */
  day: string
  /** when the figures were read, 'YYYY-MM-DD HH:mm:ss' (China Standard Time) */
  updatedAt: string
  /** the base shown, or null for every base (headquarters) */
  companyId: number | null
  /** the base's name, or 全部基地 */
  title: string
  totals: ScreenFigures
  /** today's registered reports by status (every status, zeros included) */
  inspectionsByStatus: { status: ReportStatus; label: string; count: number }[]
  /** results and abnormal results by measure */
  measures: { measure: ScreenMeasure; label: string; results: number; abnormal: number }[]
  /** every base of the scope, busiest first */
  byBase: ScreenBase[]
  /** every province of the scope's bases, busiest first */
  byProvince: ScreenProvince[]
}

/** A link's lifetime as the messages say it: 24小时, 90分钟, 30秒. */
export function screenLinkLifetime(ms: number): string {
  const s = Math.round(ms / 1000)
  return s % 3600 === 0 ? `${s / 3600}小时` : s % 60 === 0 ? `${s / 60}分钟` : `${s}秒`
}

/** The share of `part` in `whole` as a percentage with one decimal, or null when there is nothing to share. */
export const screenPercent = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null)

import { z } from 'zod'
import { dateRange, filterText, optIdField, optText, parseDateTime, text } from './fields.js'
import { paging } from './zod.js'

/**
 * Activities (活动, spec 000 §2 "Activity page", §3 "Activity", §7 "Activities and files"): a base's
 * health-check day at a place, with one picture (an upload of fileType 1) and rich-text content.
 */

export const ACTIVITY_CONTENT_MAX = 20_000
export const ACTIVITY_EXPORT_NAME = '活动列表'

export const ActivityMsg = {
  created: '新增活动成功',
  updated: '编辑活动成功',
  removed: '删除活动成功',
  notFound: '活动不存在',
  endBeforeStart: '结束时间不能早于开始时间',
  notPicture: '活动图片必须是图片',
  contentTooLongAfterCleaning: `活动内容整理格式后超过${ACTIVITY_CONTENT_MAX}个字符，请删减一些内容或链接`,
  deleteConfirm: '是否确定删除该活动？',
} as const

const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/** A required date-time ('YYYY-MM-DD HH:mm:ss', China Standard Time when no zone is given). */
const dateTime = (label: string) =>
  z.string({ error: (iss) => (iss.input == null ? `${label}不能为空` : `${label}格式不正确`) })
    .trim().min(1, { error: `${label}不能为空` })
    .regex(DATE_TIME_RE, { error: `${label}格式不正确，应为 YYYY-MM-DD HH:mm:ss` })
    .refine((s) => !Number.isNaN(parseDateTime(s).getTime()), { error: `${label}不是有效的时间` })
    .describe(label)

export const activityFields = {
  title: text('活动标题', 100),
  place: text('活动地点', 100),
  organizer: text('主办单位', 100),
  startTime: dateTime('开始时间'),
  endTime: dateTime('结束时间'),
  /** the picture: an attachment of fileType 1 */
  picture: optIdField('活动图片').nullable(),
  /** rich text; the server keeps only what its sanitiser lets through */
  content: optText('活动内容', ACTIVITY_CONTENT_MAX),
  /** headquarters holds an activity for a base; everyone else for their own */
  companyId: optIdField('基地'),
}

const endNotBeforeStart = <T extends { startTime?: string; endTime?: string }>(b: T) =>
  !b.startTime || !b.endTime || parseDateTime(b.endTime).getTime() >= parseDateTime(b.startTime).getTime()

export const activityBody = z.object(activityFields).refine(endNotBeforeStart, { error: ActivityMsg.endBeforeStart, path: ['endTime'] })
export type ActivityBody = z.infer<typeof activityBody>

/**
 * `POST /active/{id}` edits and removes (spec 000 §7): `{ remove: true }` removes the activity; any
 * other body is the edited activity, whole, checked field by field as a new one is.
 */
export const activityEditBody = z.object({
  remove: z.boolean({ error: '删除只能是 true 或 false' }).optional().describe('删除'),
  ...Object.fromEntries(Object.entries(activityFields).map(([k, f]) => [k, f.optional()])) as { [K in keyof typeof activityFields]: z.ZodOptional<(typeof activityFields)[K]> },
}).superRefine((b, ctx) => {
  if (b.remove) return
  const { remove: _, ...fields } = b
  const whole = activityBody.safeParse(fields)
  if (!whole.success) for (const issue of whole.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
})
export type ActivityEditBody = z.infer<typeof activityEditBody>

export const activityFilters = z.object({
  title: filterText('活动标题'),
  /** activities overlapping the range */
  timeQuery: dateRange('活动时间'),
  companyId: optIdField('基地'),
})
export const activityQuery = paging.extend(activityFilters.shape)
export type ActivityQuery = z.infer<typeof activityQuery>

export const activityDetailQuery = z.object({ userId: optIdField('会员') })

export interface Activity {
  id: number
  companyId: number
  companyName: string
  title: string
  place: string
  organizer: string
  startTime: string
  endTime: string
  /** attachment id of the picture, or null */
  picture: number | null
  /**
   * Safe HTML made by the server's sanitiser. Until an allow-list sanitiser (sanitize-html) is a
   * dependency, the server keeps no markup at all: what was sent is escaped and shows as text.
   */
  content: string
  createId: number | null
  createTime: string
  /** `GET /active/{id}?userId=`: whether that member was measured at the base during the activity */
  isAttend?: boolean
}

import { z } from 'zod'
import { LIST_MAX_PAGE_SIZE, MOBILE_RE } from './constants.js'
import { Msg } from './messages.js'

// In a browser zod would try `new Function('')` when it builds an object schema (to see whether it may
// compile fast parsers); the web app's Content-Security-Policy forbids eval and reports every such try.
if ('document' in globalThis) z.config({ jitless: true })

/** Chinese names of request fields, used by the error map when a schema has no `.describe()` label. */
export const FIELD_LABELS: Record<string, string> = {
  username: '账号', password: '密码', passwordAgain: '确认密码', phone: '手机号', code: '验证码', name: '名称',
  nickName: '角色', companyId: '基地', userId: '用户', id: '编号', page: '页码', size: '每页条数',
  pageNo: '页码', pageSize: '每页条数', token: '令牌', ts: '时间戳', remember: '记住登录', userName: '用户名',
  contactor: '联系人', address: '地址', domain: '子域名', times: '次数', fileType: '文件类型',
  createTimeQuery: '创建时间', remarks: '备注', sex: '性别', idNo: '身份证号', avatar: '头像',
}

const label = (iss: { path?: PropertyKey[]; inst?: unknown }) => {
  const desc = (iss.inst as { description?: string } | undefined)?.description
  if (desc) return desc
  const key = [...(iss.path ?? [])].reverse().find((p) => typeof p === 'string') as string | undefined
  return (key && FIELD_LABELS[key]) || key || '参数'
}

/** Chinese messages naming the field for every zod issue (installed once by server and web). */
export function installZodChinese() {
  z.config({
    customError: (iss) => {
      const f = label(iss)
      const missing = iss.input === undefined || iss.input === null
      switch (iss.code) {
        case 'invalid_type':
          if (missing) return `${f}不能为空`
          if (iss.expected === 'int') return `${f}必须是整数`
          if (iss.expected === 'number') return `${f}必须是数字`
          return `${f}格式不正确`
        case 'too_small':
          if (iss.origin === 'string') return Number(iss.minimum) <= 1 ? `${f}不能为空` : `${f}至少需要${iss.minimum}个字符`
          if (iss.origin === 'array') return `${f}至少需要${iss.minimum}项`
          return `${f}不能小于${iss.minimum}`
        case 'too_big':
          if (iss.origin === 'string') return `${f}不能超过${iss.maximum}个字符`
          if (iss.origin === 'array') return `${f}不能超过${iss.maximum}项`
          return `${f}不能大于${iss.maximum}`
        case 'invalid_format':
          return `${f}格式不正确`
        case 'invalid_value':
          return missing ? `${f}不能为空` : `${f}的取值不正确`
        case 'unrecognized_keys':
          return `包含无法识别的字段：${iss.keys.join('、')}`
        default:
          return `${f}不正确`
      }
    },
  })
}

export const mobile = () => z.string().trim().regex(MOBILE_RE, { error: Msg.mobileFormat })

/**
 * A number sent as text (a query string, a path, a form): '12' is 12; null, '' and blanks are not
 * given; 'abc' stays text, so that it is answered '…必须是数字' rather than taken for a missing
 * value, as a coerced NaN would be.
 */
export const textToNumber = (v: unknown) => {
  if (v === null || (typeof v === 'string' && v.trim() === '')) return undefined
  if (typeof v !== 'string') return v
  const n = Number(v)
  return Number.isNaN(n) ? v : n
}

/** `schema` (a number's) fed through textToNumber */
export const numberFromText = <T extends z.ZodType>(schema: T) => z.preprocess(textToNumber, schema)

/** An id in a path or query: positive integer, coerced from text. */
export const idParam = () => numberFromText(z.number().int().positive().max(2_147_483_647))

const pageNumber = numberFromText(z.number().int().min(1).max(1_000_000)).optional()
const pageSize = (max: number) => numberFromText(z.number().int().min(1).max(max, { error: `每页条数不能大于${max}` })).optional()

/** `page`/`size` (also `pageNo`/`pageSize`) of a list that offers up to `max` rows a page. */
export const pagingUpTo = (max: number) => z.object({ page: pageNumber, size: pageSize(max), pageNo: pageNumber, pageSize: pageSize(max) })

/** `page`/`size` (also `pageNo`/`pageSize`) of every list request: at most LIST_MAX_PAGE_SIZE rows a page. */
export const paging = pagingUpTo(LIST_MAX_PAGE_SIZE)
export type Paging = z.infer<typeof paging>

/**
 * One form field checked with the server's own schema of it (the web's `zodRule`): whether it must be
 * filled, and the first problem with a value in the server's words, or null. A schema's `.default()`
 * is where the form starts, so a field emptied by hand is refused rather than quietly defaulted.
 */
export function fieldCheck(schema: z.ZodType) {
  const field = schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema
  const problem = (value: unknown): string | null => {
    const checked = field.safeParse(value)
    return checked.success ? null : checked.error.issues[0]?.message ?? null
  }
  return { required: problem(undefined) !== null, problem }
}

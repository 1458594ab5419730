import { megabytes, TICKET_MAX_BYTES } from './constants.js'

/** The longest text the rule tester takes pasted. */
export const RULE_TEST_TEXT_MAX = 20_000

/** Ticket reading, the rule tester, receipt formats and extraction rules (spec 001 §2, §3). */
export const TicketMsg = {
  /** an old client's companyId or userId naming another base or user than the session's */
  notCurrentCompany: '票据只能上传到当前登录的基地，请切换到该基地后再上传',
  notCurrentUser: '票据只能以当前登录的用户上传',
  typeInvalid: '票据类型只能是1（发货单）或2（收货单）',
  formatTypeInvalid: '票据类型只能是发货单或收货单',
  pictureMissing: '请上传票据图片',
  pictureTooLarge: `图片不能超过${megabytes(TICKET_MAX_BYTES)}MB`,
  imageEmpty: '文件为空，请重新上传',
  imageTooLarge: `图片过大（最大 ${megabytes(TICKET_MAX_BYTES)} MB），请压缩后重新上传`,
  notImage: '文件不是图片（仅支持 JPG、PNG、WebP）',
  imageUnreadable: '图片无法读取，请重新拍摄上传',
  /** `kind`: 发货单 or 收货单 */
  read: (kind: string) => `${kind}识别完成`,
  readFailed: (kind: string, reason: string) => `${kind}识别失败：${reason}`,
  readLog: (kind: string, format: string | null, filled: number, fields: number, ms: number, flags: string[]) =>
    `${kind}识别完成：格式“${format ?? '未匹配'}”，识别出 ${filled}/${fields} 个字段，用时 ${ms} ms`
    + (flags.length ? `；需核对：${flags.join('；')}` : ''),

  readerBusy: '识别任务繁忙，请稍后再试',
  readerTimeout: '识别超时，请重新上传或稍后再试',
  readerFailed: '识别失败，请稍后再试',
  readerClosed: '识别服务已关闭',
  readerBroken: '识别服务无法启动，请联系管理员',

  textEmpty: '请粘贴票据文字',
  textTooLong: `票据文字不能超过${RULE_TEST_TEXT_MAX}个字符`,
  ruleNotJson: '规则内容不是有效的 JSON',
  testTimeout: (seconds: number) => `规则测试超过 ${seconds} 秒仍未完成，已停止，请简化规则或减少粘贴的文字`,

  formatNotFound: '票据格式不存在',
  formatProtected: '该票据格式为系统默认格式，不能删除',
  ruleFormatMissing: '所选票据格式不存在',
  ruleNotFound: '取值规则不存在',
  ruleEmpty: '字段名称、名称表达式和取值表达式至少填写一项',
  fieldNotOfType: (field: string, kind: string) => `字段“${field}”不属于${kind}`,
  /** a pattern of a format or rule that cannot be used: `label` names the form field */
  badPattern: (label: string, problem: string) => `${label}：${problem}`,
  formatRuleFailed: (formatId: number | string, problem: string) => `票据格式 ${formatId}：${problem}`,
  ruleUnusable: (ruleId: number, problem: string) => `取值规则 ${ruleId} 无法执行：${problem}`,
  ruleFailed: (ruleId: number) => `取值规则 ${ruleId} 执行出错`,
} as const

/** A value read from a ticket that fails a consistency check: the field is flagged, never changed. */
export const TicketCheckMsg = {
  netMismatch: (gross: number, tare: number, net: number) =>
    `毛重 ${gross.toFixed(2)} 减皮重 ${tare.toFixed(2)} 为 ${(gross - tare).toFixed(2)} 吨，与净重 ${net.toFixed(2)} 吨不符，请核对`,
  tareOverGross: '皮重大于毛重，请核对',
  plateInvalid: (plate: string) => `车牌号“${plate}”格式不正确（应为省份简称 + 字母 + 5~6 位字母或数字），请核对`,
  timeInvalid: (time: string) => `时间“${time}”无法识别为有效日期，请核对`,
  timeOutOfRange: (time: string) => `时间“${time}”不在合理范围内，请核对`,
  netOutOfRange: (net: number) => `净重 ${net} 吨不在合理范围内，请核对`,
} as const

/** User patterns (match rules, extraction rules): why one is refused or stopped; `shown` is the pattern as quoted. */
export const RegexMsg = {
  notText: '正则表达式必须是文本',
  tooLong: (max: number) => `正则表达式过长（最多 ${max} 个字符）`,
  syntax: (detail: string) => `正则表达式有误：${detail}`,
  exponential: (shown: string) => `正则表达式可能导致回溯爆炸，请简化：${shown}`,
  polynomial: (degree: number, shown: string) => `正则表达式可能导致回溯爆炸（${degree} 次方级回溯），请简化：${shown}`,
  undecided: (seconds: number, shown: string) => `正则表达式过于复杂，无法在 ${seconds} 秒内确认不会卡死，请简化：${shown}`,
  unsupported: (shown: string) => `正则表达式含无法检查安全性的写法，请改用常见写法：${shown}`,
  checkFailed: (shown: string) => `正则表达式的安全检查未能完成，请稍后再试：${shown}`,
  timeout: (ms: number, shown: string) => `正则表达式执行超时（超过 ${ms} 毫秒），请简化：${shown}`,
  runFailed: (detail: string) => `正则表达式执行出错：${detail}`,
  testOverrun: (seconds: number, shown: string) => `规则测试超过 ${seconds} 秒仍未完成，已停止：正则表达式“${shown}”耗时过长，请简化`,
} as const

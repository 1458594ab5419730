import { PASSWORD_MAX_LENGTH, SMS_CODE } from './constants.js'

/** User-facing messages shared by server and web (spec 000 §5, §8; spec 001 §8). */
export const Msg = {
  ok: '操作成功',
  loginFailed: '账号或密码错误，请检查后重试',
  resetReminder: '您还未重置密码, 请及时在个人页重置密码!',
  mustChangePassword: '管理员已重置您的密码，请在个人页修改密码',
  verificationFailed: 'Verification failed, please Login again.',
  userInfoReadFailed: '获取用户信息失败',
  userInfoInitFailed: '初始化用户信息失败',
  fetchFailed: '获取失败',
  sendOk: '发送成功',
  sendFailed: '发送失败',
  passwordUpdated: '更新密码成功',
  passwordMismatch: '两次输入的密码不一致，请重新输入',
  passwordTooShort: '密码位数至少为6位',
  idleLogout: '检测到您长时间未操作页面,请重新登录!',
  idleTitle: '温馨提示',
  loggedOut: '您已被登出，可以取消继续留在该页面，或者重新登录',
  loggedOutTitle: '确定登出',
  relogin: '重新登录',
  stay: '取消',
  confirmTitle: '提示',
  confirm: '确定',
  cancel: '取消',
  created: '创建成功',
  updated: '更新成功',
  deleted: '删除成功',
  saved: '保存成功',
  assigned: '分配成功',
  imported: '导入成功',
  uploaded: '上传成功',
  companyChanged: '改变所属公司成功',
  sessionIllegal: '登录状态无效，请重新登录',
  sessionElsewhere: '您的登录已失效（已在别处登录、密码已修改或所属基地已变更），请重新登录',
  sessionExpired: '登录已超时，请重新登录',
  forbidden: '没有权限执行此操作',
  headquartersOnly: '只有总部可以执行此操作',
  notFound: '请求的资源不存在',
  routeNotFound: '接口不存在',
  internal: '服务器内部错误，请稍后重试',
  tooMany: '请求过于频繁，请稍后再试',
  passwordExpired: '密码加密信息已过期，请刷新页面后重试',
  passwordReplayed: '该登录信息已使用过，请重新输入密码后提交',
  passwordUndecryptable: '密码加密信息无效，请刷新页面后重试',
  currentPasswordWrong: '当前密码不正确',
  smsCodeWrong: '验证码不正确',
  smsCodeFormat: '验证码为6位数字',
  mobileFormat: '请输入正确的11位手机号',
  smsCodeInvalid: '验证码已失效，请重新获取',
  smsGuessesExceeded: '该手机号今日验证码错误次数过多，请明天再试',
  smsPerDayExceeded: '该手机号今日获取验证码次数已达上限，请明天再试',
  loginOk: '登录成功',
  logoutOk: '已退出登录',
  noCompanyYet: '该账号尚未分配所属基地，请联系管理员',
  /** signing in on a base's own login page (its sub-domain) with an account of other bases only */
  notThisBase: '该账号不属于本基地，请使用本基地的账号登录，或到所属基地的登录页登录',
  loginLinkInvalid: '登录链接已失效，请重新获取',
  passwordResetByCode: '密码已重置，请使用新密码登录',
  passwordTooLong: `密码不能超过${PASSWORD_MAX_LENGTH}个字符`,
  ownPasswordOnly: '只能修改自己的密码',
  notMemberOfCompany: '您不属于该基地，无法切换',
} as const

export const loginLockedMessage = (minutes: number) =>
  `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`

export const smsResendMessage = (seconds: number) => `验证码已发送，请${seconds}秒后再试`

/** The text message carrying a password-reset code. */
export const smsCodeText = (code: string) => `您的验证码为${code}，${SMS_CODE.ttlMs / 60_000}分钟内有效。如非本人操作，请忽略本短信。`

/** Requests the server cannot read (platform/envelope.ts, app.ts). */
export const RequestMsg = {
  invalid: '请求格式不正确',
  invalidJson: '请求内容不是有效的 JSON',
  unsupportedType: '不支持的请求内容类型',
  tooLarge: '上传内容过大',
  notMultipart: '请以 multipart/form-data 上传文件',
  oneFile: '一次只能上传1个文件',
  urlTooLong: '请求地址过长',
  urlInvalid: '请求地址格式不正确',
} as const

/** Where a request's invalid part was, for a validation error without its own message. */
export const REQUEST_PARTS: Record<string, string> = { body: '请求内容', querystring: '查询参数', params: '路径参数', headers: '请求头' }
export const requestPartInvalid = (part: string | undefined) => `${REQUEST_PARTS[part ?? ''] ?? '请求'}格式不正确`

export const LogMsg = { notFound: '日志不存在' } as const

/** Files built from a list (server/src/platform/exports.ts, list.ts) and their download (web/src/api/request.ts). */
export const ExportMsg = {
  tooManyRows: (max: number) => `符合条件的数据超过${max}条，一次最多处理${max}条，请缩小筛选范围后重试`,
  incomplete: '文件未下载完整（连接中断或服务器出错），请重试',
  busy: '正在导出的文件较多，请稍后再试',
} as const

export const SmsMsg = {
  unavailable: '短信服务暂时不可用，发送失败',
  gatewayError: (status: number) => `短信服务返回错误（${status}），发送失败`,
} as const

/** Reading an uploaded .xlsx (server/src/platform/spreadsheet.ts). */
export const SpreadsheetMsg = {
  tooLarge: '表格文件解压后过大，请删除多余的工作表或内容后重试',
  tooManyParts: '表格文件包含的内容过多，请另存为新的 .xlsx 文件后重试',
  sheetTooLarge: '工作表内容过多，请删除多余的行、列或格式后重试',
  tooManyColumns: (max: number) => `只读取工作表的前 ${max} 列，之后的列中还有内容，请删除多余的列后重试`,
  /** the reading ran out of its time or memory (server/src/platform/workerPool.ts) */
  unreadable: '表格内容过于复杂，未能在限定的时间和内存内读完，请删除多余的行、列或格式后重试',
} as const

/** The worker threads that build and read files (server/src/platform/workerPool.ts). */
export const FileWorkMsg = {
  busy: '服务器正在处理较多文件，请稍后再试',
  closed: '服务器正在停止，请稍后再试',
  unavailable: '服务器暂时无法处理文件，请稍后再试',
} as const

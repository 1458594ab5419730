/**
 * User-supplied regular expressions (receipt format match rules, extraction rules) run in a
 * separate V8 context with a time limit, so a catastrophic pattern such as `(a+)+$` on a long
 * line cannot stall the worker. Patterns are also checked when a rule is saved.
 */
import vm from 'node:vm'

/**
 * Wall-clock bound of one pattern over one ticket's lines. Generous, because the OCR workers keep
 * every core busy and an honest pattern must not time out under that load (50 ms did); a
 * catastrophic pattern is still stopped here, and most are refused when saved (validateUserRegex).
 */
export const REGEX_TIME_LIMIT_MS = 300
export const REGEX_MAX_LENGTH = 500

export class UserRegexError extends Error {
  readonly status = 400
  readonly code: 'invalid' | 'timeout'
  constructor(code: 'invalid' | 'timeout', message: string) {
    super(message)
    this.name = 'UserRegexError'
    this.code = code
  }
}

/** nested quantifier such as (a+)+, (\w*)*, (.+){2,}: exponential backtracking */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d*,?\d*\})/

/**
 * Validate a pattern before it is stored. Returns null when usable, otherwise a Chinese message
 * that names the problem.
 */
export function validateUserRegex(src: string): string | null {
  if (typeof src !== 'string') return '正则表达式必须是文本'
  if (src.length > REGEX_MAX_LENGTH) return `正则表达式过长（最多 ${REGEX_MAX_LENGTH} 个字符）`
  try {
    new RegExp(src, 'u')
  } catch (e) {
    try {
      new RegExp(src)
    } catch (e2) {
      return `正则表达式有误：${(e2 as Error).message.replace(/^Invalid regular expression: /, '')}`
    }
  }
  if (NESTED_QUANTIFIER.test(src)) return '正则表达式含嵌套重复（如 (a+)+），可能导致识别卡死，请简化'
  return null
}

export interface SafeMatch {
  index: number
  /** [whole match, ...groups] (undefined groups as null) */
  groups: (string | null)[]
}

const context = vm.createContext(Object.create(null))
const script = new vm.Script(`(() => {
  const re = new RegExp(__src, __flags);
  const out = [];
  for (const t of __texts) {
    re.lastIndex = 0;
    const m = re.exec(t);
    out.push(m ? JSON.stringify({ index: m.index, groups: Array.from(m, (g) => g === undefined ? null : g) }) : null);
  }
  return out;
})()`)

/**
 * Run `src` against every text; returns the first match per text or null.
 * Throws UserRegexError('invalid') for a bad pattern and UserRegexError('timeout') when the
 * whole batch exceeds the time limit.
 */
export function safeExecAll(src: string, texts: string[], flags = 'i', timeoutMs = REGEX_TIME_LIMIT_MS): (SafeMatch | null)[] {
  try {
    new RegExp(src, flags)
  } catch (e) {
    throw new UserRegexError('invalid', `正则表达式有误：${(e as Error).message.replace(/^Invalid regular expression: /, '')}`)
  }
  const ctx = context as any
  ctx.__src = src
  ctx.__flags = flags.replace(/[gy]/g, '')
  ctx.__texts = texts
  try {
    const res = script.runInContext(context, { timeout: timeoutMs }) as (string | null)[]
    return Array.from(res, (r) => (r ? (JSON.parse(r) as SafeMatch) : null))
  } catch (e) {
    if ((e as any)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw new UserRegexError('timeout', `正则表达式执行超时（超过 ${timeoutMs} 毫秒），请简化：${src.slice(0, 60)}`)
    }
    throw new UserRegexError('invalid', `正则表达式执行出错：${(e as Error)?.message ?? e}`)
  } finally {
    ctx.__texts = null
  }
}

export function safeExec(src: string, text: string, flags = 'i', timeoutMs = REGEX_TIME_LIMIT_MS): SafeMatch | null {
  return safeExecAll(src, [text], flags, timeoutMs)[0]
}

export function safeTest(src: string, text: string, flags = 'i', timeoutMs = REGEX_TIME_LIMIT_MS): boolean {
  return safeExec(src, text, flags, timeoutMs) !== null
}

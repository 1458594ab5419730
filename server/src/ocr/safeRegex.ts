/**
 * User-supplied regular expressions (receipt format match rules, extraction rules).
 *
 * Before one is stored or tried, `validateUserRegex` proves it safe with recheck's ReDoS analysis
 * (which runs in its own process, or its own worker thread, never on the caller's event loop).
 * When one runs (in an OCR worker only), it runs in a separate V8 context under a time limit, so a
 * slow pattern on a long line still cannot stall the thread: per call by default, or one deadline
 * shared by every pattern of an analysis (`withRegexDeadline`).
 */
import vm from 'node:vm'
import { RegexMsg } from '@app/contract'
import type { Diagnostics } from 'recheck'

/**
 * Wall-clock bound of one pattern over one ticket's lines when no deadline is set. Generous,
 * because the OCR workers keep every core busy and an honest pattern must not time out under that
 * load (50 ms did).
 */
export const REGEX_TIME_LIMIT_MS = 300
export const REGEX_MAX_LENGTH = 500
/** bound of one ReDoS analysis; a pattern it cannot settle in time is refused */
export const REDOS_CHECK_TIMEOUT_MS = 5000
/**
 * Polynomial backtracking is accepted up to this degree: on an OCR line (at most a couple of
 * hundred characters) n³ is a few million steps, n⁴ already billions.
 */
export const MAX_POLYNOMIAL_DEGREE = 3
/** the flags every user pattern runs with (see matchesRule and applyRules) */
export const USER_REGEX_FLAGS = 'i'

export class UserRegexError extends Error {
  readonly status = 400
  readonly code: 'invalid' | 'timeout'
  constructor(code: 'invalid' | 'timeout', message: string) {
    super(message)
    this.name = 'UserRegexError'
    this.code = code
  }
}

const shown = (src: string) => (src.length > 60 ? `${src.slice(0, 60)}…` : src)
const syntaxError = (e: unknown) => RegexMsg.syntax((e as Error).message.replace(/^Invalid regular expression: /, ''))

/** What the ReDoS analysis says about a pattern, in words for the user (null: safe enough). */
function verdict(src: string, d: Diagnostics, analysisMs: number): string | null {
  if (d.status === 'safe') return null
  if (d.status === 'vulnerable') {
    if (d.complexity.type === 'exponential') return RegexMsg.exponential(shown(src))
    if (d.complexity.type === 'polynomial' && d.complexity.degree > MAX_POLYNOMIAL_DEGREE) {
      return RegexMsg.polynomial(d.complexity.degree, shown(src))
    }
    return null
  }
  switch (d.error.kind) {
    case 'timeout':
    case 'cancel':
      return RegexMsg.undecided(analysisMs / 1000, shown(src))
    case 'invalid':
      return RegexMsg.syntax(shown(src))
    case 'unsupported':
      return RegexMsg.unsupported(shown(src))
    default:
      return RegexMsg.checkFailed(shown(src))
  }
}

/** recheck's analysis, bounded by its own timeout and, should its backend not answer at all, by ours */
async function analyse(src: string, analysisMs: number): Promise<Diagnostics> {
  const abort = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<Diagnostics>((resolve) => {
    // the analysis may also wait in recheck's queue, which its own timeout does not count
    timer = setTimeout(() => {
      abort.abort()
      resolve({ source: src, flags: USER_REGEX_FLAGS, status: 'unknown', error: { kind: 'timeout' } })
    }, analysisMs + 1000)
  })
  // loaded on first use: the OCR workers, which only run patterns, never pay for it (~0.4 s, 13 MB)
  const analysis = import('recheck')
    .then(({ check }) => check(src, USER_REGEX_FLAGS, { timeout: analysisMs, signal: abort.signal }))
    .catch((e): Diagnostics => ({ source: src, flags: USER_REGEX_FLAGS, status: 'unknown', error: { kind: 'unexpected', message: String(e) } }))
  try {
    return await Promise.race([analysis, late])
  } finally {
    clearTimeout(timer)
  }
}

/** verdicts already reached (the rule tester asks again on every edit); timeouts are not kept */
const verdicts = new Map<string, string | null>()
const VERDICTS_KEPT = 1000

/**
 * Validate a pattern before it is stored or tried. Resolves null when usable, otherwise a Chinese
 * message that names the problem.
 */
export async function validateUserRegex(src: string, analysisMs = REDOS_CHECK_TIMEOUT_MS): Promise<string | null> {
  if (typeof src !== 'string') return RegexMsg.notText
  if (src.length > REGEX_MAX_LENGTH) return RegexMsg.tooLong(REGEX_MAX_LENGTH)
  try {
    new RegExp(src, USER_REGEX_FLAGS) // compiles only; nothing is matched here
  } catch (e) {
    return syntaxError(e)
  }
  const known = verdicts.get(src)
  if (known !== undefined) return known
  const d = await analyse(src, analysisMs)
  const answer = verdict(src, d, analysisMs)
  // a timeout depends on the load of the moment: ask again next time
  if (d.status !== 'unknown' || d.error.kind === 'invalid' || d.error.kind === 'unsupported') {
    if (verdicts.size >= VERDICTS_KEPT) verdicts.delete(verdicts.keys().next().value!)
    verdicts.set(src, answer)
  }
  return answer
}

// ------------------------------------------------------------------------------- running

interface Deadline {
  at: number
  ms: number
  /** the pattern that was running when the time ran out */
  overrun: string | null
}
let deadline: Deadline | null = null

/**
 * Run a synchronous analysis with ONE time budget for every user pattern it runs: each run gets
 * what is left of it and none starts once it is spent. If the budget ran out the analysis is
 * abandoned: UserRegexError('timeout') naming the pattern that was running.
 */
export function withRegexDeadline<T>(ms: number, analysis: () => T): T {
  if (deadline) throw new Error('withRegexDeadline does not nest')
  const d: Deadline = { at: performance.now() + ms, ms, overrun: null }
  deadline = d
  let value: T
  try {
    value = analysis()
  } finally {
    deadline = null
  }
  if (d.overrun !== null) {
    throw new UserRegexError('timeout', RegexMsg.testOverrun(d.ms / 1000, shown(d.overrun)))
  }
  return value
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

function timedOut(src: string, timeoutMs: number): UserRegexError {
  if (deadline) {
    deadline.overrun ??= src
    return new UserRegexError('timeout', RegexMsg.timeout(deadline.ms, shown(src)))
  }
  return new UserRegexError('timeout', RegexMsg.timeout(timeoutMs, shown(src)))
}

/**
 * Run `src` against every text; returns the first match per text or null.
 * Throws UserRegexError('invalid') for a bad pattern and UserRegexError('timeout') when the
 * whole batch exceeds the time limit (or the current deadline).
 */
export function safeExecAll(src: string, texts: string[], flags = USER_REGEX_FLAGS, timeoutMs = REGEX_TIME_LIMIT_MS): (SafeMatch | null)[] {
  try {
    new RegExp(src, flags)
  } catch (e) {
    throw new UserRegexError('invalid', syntaxError(e))
  }
  const ctx = context as any
  ctx.__src = src
  ctx.__flags = flags.replace(/[gy]/g, '')
  ctx.__texts = texts
  const started = performance.now()
  try {
    for (;;) {
      const limit = deadline ? Math.ceil(deadline.at - performance.now()) : timeoutMs
      if (limit < 1) throw timedOut(src, timeoutMs)
      const cpu = process.cpuUsage()
      const t0 = performance.now()
      try {
        const res = script.runInContext(context, { timeout: limit }) as (string | null)[]
        return Array.from(res, (r) => (r ? (JSON.parse(r) as SafeMatch) : null))
      } catch (e) {
        if ((e as any)?.code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new UserRegexError('invalid', RegexMsg.runFailed(String((e as Error)?.message ?? e)))
        if (!starved(cpu, t0) || deadline || performance.now() - started > timeoutMs * STARVED_RUNS) throw timedOut(src, timeoutMs)
      }
    }
  } finally {
    ctx.__texts = null
  }
}

/** How many times its limit a pattern may take in all when the machine, not the pattern, was slow. */
const STARVED_RUNS = 5

/**
 * The limit is wall-clock time (the vm's watchdog): on a machine busy with other processes a trivial
 * pattern could run out of it without running. A run in which the whole process was on the CPU for
 * under half the time was starved, not slow, and runs again (a slow pattern keeps its CPU busy). The
 * figure is the process's (Node 20 has none for one thread), so a process busy with its own OCR
 * workers never looks starved and keeps the plain limit.
 */
function starved(before: NodeJS.CpuUsage, t0: number) {
  const { user, system } = process.cpuUsage(before)
  return (user + system) / 1000 < (performance.now() - t0) / 2
}

export function safeExec(src: string, text: string, flags = USER_REGEX_FLAGS, timeoutMs = REGEX_TIME_LIMIT_MS): SafeMatch | null {
  return safeExecAll(src, [text], flags, timeoutMs)[0]
}

export function safeTest(src: string, text: string, flags = USER_REGEX_FLAGS, timeoutMs = REGEX_TIME_LIMIT_MS): boolean {
  return safeExec(src, text, flags, timeoutMs) !== null
}

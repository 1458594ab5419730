import { describe, expect, it } from 'vitest'
import { safeExec, safeExecAll, safeTest, UserRegexError, validateUserRegex, withRegexDeadline } from '../../src/ocr/safeRegex.js'
import { withCpuMs } from '../timing.js'

/** the analysis' own time limit here: beside four CPU-bound processes it can take longer than the 5 s a save allows, and these tests are about its verdicts */
const ANALYSIS_ROOM_MS = 60_000

describe('validateUserRegex', () => {
  it('accepts honest patterns, including ones with bounded (polynomial) backtracking', async () => {
    expect(await validateUserRegex('净\\s*重', ANALYSIS_ROOM_MS)).toBeNull()
    expect(await validateUserRegex('净重[:：]?\\s*(\\d+\\.?\\d*)', ANALYSIS_ROOM_MS)).toBeNull()
    expect(await validateUserRegex('\\d+\\.\\d+', ANALYSIS_ROOM_MS)).toBeNull()
    expect(await validateUserRegex('(\\d+\\.?\\d*)\\s*(吨|t)', ANALYSIS_ROOM_MS)).toBeNull()
    expect(await validateUserRegex('发货单,净重', ANALYSIS_ROOM_MS)).toBeNull()
  })

  it('refuses exponential backtracking the nested-quantifier heuristic missed', async () => {
    for (const p of ['(a|a)*$', '((a)+)+$', '(\\d+)*x', '(a+)+$', '(\\w*)*$']) {
      expect(await validateUserRegex(p, ANALYSIS_ROOM_MS), p).toBe(`正则表达式可能导致回溯爆炸，请简化：${p}`)
    }
  })

  it('refuses polynomial backtracking of a high degree and names it', async () => {
    expect(await validateUserRegex('(.+)(.+)(.+)$', ANALYSIS_ROOM_MS)).toMatch(/^正则表达式可能导致回溯爆炸（4 次方级回溯），请简化/)
  })

  it('refuses a pattern the analysis cannot settle in its time', async () => {
    expect(await validateUserRegex('a{1,30}a{1,30}a{1,30}$', 20)).toBe('正则表达式过于复杂，无法在 0.02 秒内确认不会卡死，请简化：a{1,30}a{1,30}a{1,30}$')
  })

  it('answers syntax and length problems in Chinese', async () => {
    expect(await validateUserRegex('([')).toMatch(/^正则表达式有误/)
    expect(await validateUserRegex('x'.repeat(600))).toMatch(/过长/)
  })

  it('analyses off this thread: the event loop keeps turning while it works', async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    const t0 = performance.now()
    await validateUserRegex('a{1,30}b{1,30}a{1,30}$') // a fuzzing case, the slowest kind
    const took = performance.now() - t0
    clearInterval(timer)
    // the interval kept firing during the analysis (a blocked loop would let it fire once); on a
    // loaded machine this thread gets a turn less often, so only a few turns are asked for
    expect(ticks).toBeGreaterThan(Math.min(3, took / 50))
  })
})

describe('safeExec', () => {
  it('matches and returns groups', () => {
    expect(safeExec('净重:(\\d+\\.\\d+)', '净重:38.57吨')?.groups).toEqual(['净重:38.57', '38.57'])
    expect(safeTest('发货', '水泥发货单')).toBe(true)
  })

  it('stops a catastrophic pattern quickly', async () => {
    const { cpuMs } = await withCpuMs(() => expect(() => safeExec('(a+)+$', 'a'.repeat(50) + '!')).toThrow(UserRegexError))
    // its 300 ms; unbounded, hours
    expect(cpuMs).toBeLessThan(1000)
    // still usable afterwards
    expect(safeTest('a', 'a')).toBe(true)
  })

  it('gives every pattern of an analysis one deadline, then abandons the analysis naming the slow pattern', () => {
    const slow = 'a'.repeat(40) + '!'
    const t0 = performance.now()
    let flagged = 0
    const run = () => withRegexDeadline(400, () => {
      // three slow rules: each alone would get its own 5 s without a deadline
      for (let i = 0; i < 3; i++) {
        try {
          safeExecAll('(a+)+$', [slow], undefined, 5_000)
        } catch (e) {
          if (e instanceof UserRegexError) flagged++
        }
      }
      return 'partial answer'
    })
    expect(run).toThrow(new UserRegexError('timeout', '规则测试超过 0.4 秒仍未完成，已停止：正则表达式“(a+)+$”耗时过长，请简化'))
    expect(flagged).toBe(3)
    // one shared 400 ms, not 3 × 5 s (the margin is for a machine busy with other work)
    expect(performance.now() - t0).toBeLessThan(5_000)
    // no deadline left behind: an honest pattern runs as before
    expect(safeTest('净重', '实发净重')).toBe(true)
    expect(withRegexDeadline(400, () => safeExec('(\\d+)吨', '35吨')?.groups[1])).toBe('35')
  })
})

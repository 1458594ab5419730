// @vitest-environment jsdom
/** The idle watch's last minute: counted down each second, ended by any click, then the logout. */
import { describe, expect, it, vi } from 'vitest'
import { idleWarningText, watchIdle } from '../../src/app/idle'

describe('idle warning', () => {
  it('counts down the last minute, a click ends the warning and restarts the wait, then the logout', () => {
    vi.useFakeTimers()
    const seen: number[] = []
    const events: string[] = []
    const stop = watchIdle({
      timeoutMs: 120_000, warnMs: 60_000, intervalMs: 5_000,
      onWarn: (s) => seen.push(s), onActive: () => events.push('active'), onIdle: () => events.push('idle'),
    })
    vi.advanceTimersByTime(59_000)
    expect(seen).toEqual([])
    vi.advanceTimersByTime(3_000)
    expect(seen).toEqual([60, 59, 58])
    window.dispatchEvent(new MouseEvent('click'))
    expect(events).toEqual(['active'])
    vi.advanceTimersByTime(59_000)
    expect(seen).toHaveLength(3)
    vi.advanceTimersByTime(61_000)
    expect(seen.at(-1)).toBe(1)
    expect(events).toEqual(['active', 'idle'])
    stop()
    vi.useRealTimers()
  })

  it('says what happens to unsaved work', () => {
    expect(idleWarningText(42, ['未保存的上传将自动暂存。'])).toBe('由于长时间未操作，将在 42 秒后自动退出登录。未保存的上传将自动暂存。')
  })
})

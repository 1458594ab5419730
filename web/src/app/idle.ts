/**
 * Idle session (spec 001 §4, §9): no click or key press for IDLE_TIMEOUT_MS, checked every
 * IDLE_CHECK_INTERVAL_MS. Uses Date.now() and setInterval at call time, so Playwright's clock API
 * (page.clock.install / fastForward) or vitest fake timers drive it; `now` can be injected too.
 */
import { useEffect, useRef } from 'react'
import { IDLE_CHECK_INTERVAL_MS, IDLE_TIMEOUT_MS } from '@app/contract'

export interface IdleOptions {
  onIdle: () => void
  timeoutMs?: number
  intervalMs?: number
  now?: () => number
}

const ACTIVITY_EVENTS = ['click', 'keydown'] as const

/** Starts watching; returns a stop function. */
export function watchIdle({ onIdle, timeoutMs = IDLE_TIMEOUT_MS, intervalMs = IDLE_CHECK_INTERVAL_MS, now = () => Date.now() }: IdleOptions) {
  let last = now()
  const touch = () => {
    last = now()
  }
  for (const ev of ACTIVITY_EVENTS) window.addEventListener(ev, touch, { capture: true, passive: true })
  const stop = () => {
    clearInterval(timer)
    for (const ev of ACTIVITY_EVENTS) window.removeEventListener(ev, touch, { capture: true })
  }
  const timer = setInterval(() => {
    if (now() - last >= timeoutMs) {
      stop()
      onIdle()
    }
  }, intervalMs)
  return stop
}

export function useIdleTimer(opts: IdleOptions) {
  const onIdle = useRef(opts.onIdle)
  onIdle.current = opts.onIdle
  useEffect(
    () => watchIdle({ ...opts, onIdle: () => onIdle.current() }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [opts.timeoutMs, opts.intervalMs, opts.now],
  )
}

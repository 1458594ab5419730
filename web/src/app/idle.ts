/**
 * Idle session (spec 001 §4, §9): no click or key press for IDLE_TIMEOUT_MS, checked every
 * IDLE_CHECK_INTERVAL_MS. Uses Date.now() and setInterval at call time, so Playwright's clock API
 * (page.clock.install / fastForward) or vitest fake timers drive it; `now` can be injected too.
 *
 * The last IDLE_WARNING_MS are counted down in a dialog (继续使用, or any click or key, keeps the
 * session). A screen with unsaved work registers it (whenIdleLogout): the countdown says what happens
 * to it, and its `save` (a 暂存) runs before the session ends.
 */
import { useEffect, useRef } from 'react'
import { message, Modal } from 'antd'
import { IDLE_CHECK_INTERVAL_MS, IDLE_TIMEOUT_MS } from '@app/contract'

export const IDLE_WARNING_MS = 60 * 1000
/** how long the drafts may take before the session ends anyway */
const SAVE_WAIT_MS = 15 * 1000

export interface IdleOptions {
  onIdle: () => void
  /** the last stretch: called about every second with the seconds left */
  onWarn?: (secondsLeft: number) => void
  /** activity during the warning */
  onActive?: () => void
  timeoutMs?: number
  warnMs?: number
  intervalMs?: number
  now?: () => number
}

const ACTIVITY_EVENTS = ['click', 'keydown'] as const

/** Starts watching; returns a stop function. */
export function watchIdle({
  onIdle, onWarn, onActive, timeoutMs = IDLE_TIMEOUT_MS, warnMs = IDLE_WARNING_MS, intervalMs = IDLE_CHECK_INTERVAL_MS, now = () => Date.now(),
}: IdleOptions) {
  let last = now()
  let warning = false
  const touch = () => {
    last = now()
    if (warning) {
      warning = false
      onActive?.()
    }
  }
  for (const ev of ACTIVITY_EVENTS) window.addEventListener(ev, touch, { capture: true, passive: true })
  const stop = () => {
    clearInterval(timer)
    for (const ev of ACTIVITY_EVENTS) window.removeEventListener(ev, touch, { capture: true })
  }
  // the countdown needs a tick a second; the check alone does not
  const every = onWarn ? Math.min(intervalMs, 1000) : intervalMs
  const timer = setInterval(() => {
    const idle = now() - last
    if (idle >= timeoutMs) {
      stop()
      onIdle()
    } else if (onWarn && idle >= timeoutMs - warnMs) {
      warning = true
      onWarn(Math.ceil((timeoutMs - idle) / 1000))
    }
  }, every)
  return stop
}

export interface UnsavedWork {
  /** what the countdown says happens to it */
  note: string
  /** keeps it (a 暂存) before the session ends; answers what to tell the user, null when there was nothing to keep, throws when it failed */
  save?: () => Promise<string | null>
}

const unsaved = new Set<UnsavedWork>()

/** Registers a screen's unsaved work for the idle logout; returns the unregister function. */
export function whenIdleLogout(work: UnsavedWork): () => void {
  unsaved.add(work)
  return () => unsaved.delete(work)
}

/** Runs the registered saves (each given at most SAVE_WAIT_MS) and shows what they kept. */
async function saveUnsaved() {
  const saves = [...unsaved].flatMap((w) => (w.save ? [w.save] : []))
  const waited = (save: () => Promise<string | null>) => Promise.race([
    save().then(
      (note) => note && void message.success(note, 10),
      (e: Error) => void message.warning(`未能自动暂存：${e.message}`, 10),
    ),
    new Promise<void>((resolve) => setTimeout(resolve, SAVE_WAIT_MS)),
  ])
  await Promise.all(saves.map(waited))
}

export const idleWarningText = (secondsLeft: number, notes: string[]) =>
  [`由于长时间未操作，将在 ${secondsLeft} 秒后自动退出登录。`, ...notes].join('')

/** Watches for idleness with the countdown dialog; `onIdle` ends the session once the unsaved work is saved. */
export function useIdleTimer(opts: Pick<IdleOptions, 'onIdle' | 'timeoutMs' | 'intervalMs' | 'now'>) {
  const onIdle = useRef(opts.onIdle)
  onIdle.current = opts.onIdle
  useEffect(() => {
    let dialog: ReturnType<typeof Modal.confirm> | null = null
    const close = () => {
      dialog?.destroy()
      dialog = null
    }
    const content = (s: number) => idleWarningText(s, [...unsaved].map((w) => w.note))
    const stop = watchIdle({
      ...opts,
      onWarn: (s) => {
        if (dialog) {
          dialog.update({ content: content(s) })
          return
        }
        dialog = Modal.confirm({
          title: '即将自动退出登录',
          content: content(s),
          okText: '继续使用',
          cancelButtonProps: { style: { display: 'none' } },
          onOk: close,
        })
      },
      onActive: close,
      onIdle: () => {
        close()
        void saveUnsaved().finally(() => onIdle.current())
      },
    })
    return () => {
      stop()
      close()
    }
  },
  // eslint-disable-next-line react-hooks/exhaustive-deps
  [opts.timeoutMs, opts.intervalMs, opts.now])
}

import { useCallback, useEffect, useState, type RefObject } from 'react'

/** Whether `ref`'s element fills the screen (Fullscreen API), and a toggle; Esc leaves as the browser does. */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false)
  useEffect(() => {
    const changed = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current)
    document.addEventListener('fullscreenchange', changed)
    return () => document.removeEventListener('fullscreenchange', changed)
  }, [ref])
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen()
    else void ref.current?.requestFullscreen?.().catch(() => undefined)
  }, [ref])
  return { active, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled !== false }
}

import { useEffect, useState, type RefObject } from 'react'

/** The size the big screen is designed at; it is scaled as a whole to the space it has. */
export const BOARD_WIDTH = 1920
export const BOARD_HEIGHT = 1080

/**
 * The scale of the 1920×1080 board in `ref`'s element: its width alone in a page (the page scrolls to
 * the board's height), width and height when the element fills the screen or a window of its own.
 */
export function useBoardScale(ref: RefObject<HTMLElement | null>, fitHeight: boolean) {
  const [size, setSize] = useState({ width: BOARD_WIDTH, height: BOARD_HEIGHT })
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight })
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])
  const byWidth = size.width / BOARD_WIDTH
  const scale = Math.max(0.2, fitHeight && size.height > 0 ? Math.min(byWidth, size.height / BOARD_HEIGHT) : byWidth)
  return { scale, offsetX: Math.max(0, (size.width - BOARD_WIDTH * scale) / 2), offsetY: fitHeight ? Math.max(0, (size.height - BOARD_HEIGHT * scale) / 2) : 0 }
}

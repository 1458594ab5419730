/** A Board on a canvas element of the page, and the editor keys (Delete, Ctrl+Z) while the page is open. */
import { useEffect, useRef, useState } from 'react'
import { Board } from './board'
import { keyAction } from './palette'

export function useBoard(size: { width: number; height: number; background: string }) {
  // fabric wraps its canvas in elements of its own, so the canvas is made here, not rendered by React
  const hostRef = useRef<HTMLDivElement>(null)
  const [board, setBoard] = useState<Board | null>(null)

  useEffect(() => {
    const el = document.createElement('canvas')
    hostRef.current!.appendChild(el)
    const b = new Board(el, size)
    setBoard(b)
    return () => {
      setBoard(null)
      b.dispose()
      hostRef.current?.replaceChildren()
    }
    // the size is a constant of the screen
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (!board) return
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null
      // typing in a form field or in a text on the canvas keeps its own keys
      if (target?.closest('input, textarea, [contenteditable="true"]') || board.isEditingText()) return
      const action = keyAction(e)
      if (!action) return
      e.preventDefault()
      if (action === 'delete') board.removeSelected()
      else board.undo()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [board])

  return { hostRef, board }
}

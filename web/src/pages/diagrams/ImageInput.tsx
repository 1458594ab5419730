/** 放置图片: a file input for images only; the picture is placed scaled down in the middle of the canvas. */
import { useRef } from 'react'
import { App, Button } from 'antd'
import { DiagramMsg } from '@app/contract'
import type { Board } from './board'

export default function ImageInput({ board, disabled, icon }: { board: Board | null; disabled?: boolean; icon?: React.ReactNode }) {
  const { message } = App.useApp()
  const input = useRef<HTMLInputElement>(null)
  const place = async (file: File | undefined) => {
    if (!file || !board) return
    if (!file.type.startsWith('image/')) {
      message.error(DiagramMsg.imageOnly)
      return
    }
    try {
      await board.addImage(file)
    } catch {
      message.error(DiagramMsg.imageUnreadable)
    }
  }
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid="image-input"
        onChange={(e) => {
          void place(e.target.files?.[0])
          e.target.value = ''
        }}
      />
      <Button size="small" icon={icon} disabled={disabled || !board} onClick={() => input.current?.click()}>放置图片</Button>
    </>
  )
}

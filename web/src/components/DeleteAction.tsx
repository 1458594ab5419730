/**
 * The 删除 of a list row: a danger link behind a "提示 / 确定 / 取消" Popconfirm; on 确定 it deletes, shows
 * 删除成功 and calls `onDeleted` (a failure was shown by the request client). With `disabledReason`
 * the link is disabled and the reason is its tooltip. The link is a plain element and the Popconfirm
 * is made only once it is clicked: a virtual grid mounts a new row's actions on every scroll frame,
 * and antd's Button and Popconfirm each register their styles as they mount.
 */
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react'
import { Button, Popconfirm, Tooltip } from 'antd'
import { Msg } from '@app/contract'
import { DANGER_COLOR } from '../app/theme'
import { submitDialog } from './dialogForm'

const linkStyle = { padding: 0, height: 'auto' }
const dangerLink = { color: DANGER_COLOR }

export interface DeleteActionProps {
  description: ReactNode
  onDelete: () => Promise<unknown>
  onDeleted: () => void
  disabledReason?: string
}

export default function DeleteAction({ description, onDelete, onDeleted, disabledReason }: DeleteActionProps) {
  const [asking, setAsking] = useState(false)
  const linkRef = useRef<HTMLAnchorElement>(null)
  // the link is made anew inside the Popconfirm: focused again, so that Esc closes it
  useEffect(() => { if (asking) linkRef.current?.focus() }, [asking])
  if (disabledReason) {
    return (
      <Tooltip title={disabledReason}>
        <Button type="link" size="small" danger disabled style={linkStyle}>删除</Button>
      </Tooltip>
    )
  }
  const ask = (e: MouseEvent) => {
    e.preventDefault()
    setAsking(true)
  }
  const link = <a ref={linkRef} href="#" role="button" style={dangerLink} onClick={ask}>删除</a>
  if (!asking) return link
  return (
    <Popconfirm
      open
      onOpenChange={(open) => { if (!open) setAsking(false) }}
      title={Msg.confirmTitle}
      description={description}
      okText={Msg.confirm}
      cancelText={Msg.cancel}
      okButtonProps={{ danger: true }}
      onConfirm={() => submitDialog(onDelete, Msg.deleted, onDeleted)}
    >
      {link}
    </Popconfirm>
  )
}

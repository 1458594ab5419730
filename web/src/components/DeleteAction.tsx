/**
 * The 删除 of a list row: a danger link behind a "提示 / 确定 / 取消" Popconfirm; on 确定 it deletes, shows
 * 删除成功 and calls `onDeleted` (a failure was shown by the request client). With `disabledReason`
 * the link is disabled and the reason is its tooltip.
 */
import type { ReactNode } from 'react'
import { Button, Popconfirm, Tooltip } from 'antd'
import { Msg } from '@app/contract'
import { submitDialog } from './dialogForm'

const linkStyle = { padding: 0, height: 'auto' }

export interface DeleteActionProps {
  description: ReactNode
  onDelete: () => Promise<unknown>
  onDeleted: () => void
  disabledReason?: string
}

export default function DeleteAction({ description, onDelete, onDeleted, disabledReason }: DeleteActionProps) {
  if (disabledReason) {
    return (
      <Tooltip title={disabledReason}>
        <Button type="link" size="small" danger disabled style={linkStyle}>删除</Button>
      </Tooltip>
    )
  }
  return (
    <Popconfirm
      title={Msg.confirmTitle}
      description={description}
      okText={Msg.confirm}
      cancelText={Msg.cancel}
      okButtonProps={{ danger: true }}
      onConfirm={() => submitDialog(onDelete, Msg.deleted, onDeleted)}
    >
      <Button type="link" size="small" danger style={linkStyle}>删除</Button>
    </Popconfirm>
  )
}

/** The status actions of a booking row (the moves its status allows, spaced apart) and its status tag. */
import { App, Divider, Space, Tag } from 'antd'
import { Msg, ReservationMsg, type Reservation } from '@app/contract'
import * as api from '../../api/reservations'
import { isHandled } from '../../api/request'
import { DANGER_COLOR } from '../../app/theme'
import { STATUS_COLORS, statusActions } from './reservationValues'

export const StatusTag = ({ row }: { row: Pick<Reservation, 'status' | 'statusName'> }) => <Tag color={STATUS_COLORS[row.status]}>{row.statusName}</Tag>

export default function StatusActions({ row, today, onChanged }: { row: Reservation; today: string; onChanged: () => void }) {
  const { modal, message } = App.useApp()
  const run = async (to: Reservation['status']) => {
    try {
      await api.changeStatus(row.id, to)
      message.success(ReservationMsg.statusChanged)
      onChanged()
    } catch (e) {
      if (!isHandled(e)) throw e
    }
  }
  const actions = statusActions(row, today)
  if (!actions.length) return null
  return (
    <Space size={0} split={<Divider type="vertical" />} wrap>
      {actions.map((a) => (
        <a
          key={a.to}
          href="#"
          role="button"
          style={a.danger ? { color: DANGER_COLOR } : undefined}
          onClick={(e) => {
            e.preventDefault()
            if (!a.confirm) return void run(a.to)
            modal.confirm({
              title: Msg.confirmTitle, content: a.confirm, okText: Msg.confirm, cancelText: Msg.cancel,
              okButtonProps: { danger: a.danger }, onOk: () => run(a.to),
            })
          }}
        >
          {a.label}
        </a>
      ))}
    </Space>
  )
}

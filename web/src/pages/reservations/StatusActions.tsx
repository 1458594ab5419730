/** The status buttons of a booking row (the moves its status allows) and its status tag. */
import { App, Tag } from 'antd'
import { ReservationMsg, type Reservation } from '@app/contract'
import * as api from '../../api/reservations'
import { isHandled } from '../../api/request'
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
  return statusActions(row.status, row.reserveTime, today).map((a) => (
    <a
      key={a.to}
      onClick={() => (a.confirm
        ? modal.confirm({ title: '提示', content: a.confirm, okText: '确定', cancelText: '取消', onOk: () => run(a.to) })
        : void run(a.to))}
    >
      {a.label}
    </a>
  ))
}

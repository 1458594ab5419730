/**
 * 今日接待 (menu component key 'reception'): today's bookings of the base (China date) by period, with
 * 接待登记 for a vehicle that has arrived (已预约 or 未到 -> 已到场, and its inspection registration in the
 * same transaction: /report/syncFromReservation/{id}), or 仅到场 (check-in only; the registration can be
 * made later from the inspection list's 同步预约).
 */
import { App, Button, Space } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { chinaToday, ReportMsg, ReservationMsg, RESERVATION_STATUS, type ReceptionQuery, type Reservation } from '@app/contract'
import * as api from '../../api/reservations'
import { registerFromReservation } from '../../api/receptionRegistration'
import { isHandled } from '../../api/request'
import { actionColumn } from '../../components/actionColumn'
import ListPage from '../../components/ListPage'
import Revealable, { useMayReveal } from '../../components/Revealable'
import { useListPage } from '../../components/useListPage'
import { StatusTag } from './StatusActions'
import { statusOptions } from './reservationValues'

export default function ReceptionPage() {
  const page = useListPage<Reservation>()
  const { message } = App.useApp()
  const today = chinaToday()
  const mayReveal = useMayReveal()

  const checkIn = async (r: Reservation, register: boolean) => {
    try {
      if (register) {
        const report = await registerFromReservation(r.id)
        message.success(`${ReservationMsg.checkedIn}，${ReportMsg.registered}（报告编号 ${report.reportNumber}）`)
      } else {
        await api.checkIn(r.id)
        message.success(ReservationMsg.checkedIn)
      }
      page.reload()
    } catch (e) {
      if (!isHandled(e)) throw e
    }
  }

  const columns: ProColumns<Reservation>[] = [
    { title: '时段', dataIndex: 'reservePeriod', width: 70, hideInSearch: true },
    { title: '车牌号', dataIndex: 'licenseNumber', width: 120, fieldProps: { placeholder: '请输入车牌号', maxLength: 20 } },
    { title: '车辆类型', dataIndex: 'tankerType', width: 100, hideInSearch: true },
    { title: '驾驶员', dataIndex: 'contactName', width: 100, hideInSearch: true },
    {
      title: '驾驶员电话', dataIndex: 'phone', width: 140, hideInSearch: true, ellipsis: false,
      render: (_, r) => <Revealable field="phone" masked={r.phone} allowed={mayReveal} reveal={() => api.revealPhone(r.id)} />,
    },
    {
      title: '状态', dataIndex: 'status', width: 90, valueType: 'select', fieldProps: { options: statusOptions, placeholder: '全部' },
      render: (_, r) => <StatusTag row={r} />,
    },
    { title: '到场时间', dataIndex: 'arriveTimeStr', width: 170, hideInSearch: true, render: (_, r) => r.arriveTimeStr || '—' },
    { title: '备注', dataIndex: 'remarks', width: 160, hideInSearch: true, ellipsis: true, render: (_, r) => r.remarks || '—' },
    actionColumn<Reservation>(170, (r) => (r.status === RESERVATION_STATUS.booked || r.status === RESERVATION_STATUS.noShow
      ? (
        <Space size={4}>
          <Button type="primary" size="small" onClick={() => void checkIn(r, true)}>接待登记</Button>
          <Button type="link" size="small" onClick={() => void checkIn(r, false)}>仅到场</Button>
        </Space>
      )
      : null)),
  ]

  return (
    <ListPage
      headerTitle={`今日接待（${today}）`}
      page={page}
      columns={columns}
      scroll={{ x: 1000 }}
      form={{ name: 'reception-search' }}
      emptyText="今天暂无预约"
      list={(q: ReceptionQuery) => api.todaysReservations(q)}
    />
  )
}

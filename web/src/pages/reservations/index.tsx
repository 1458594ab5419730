/**
 * 预约列表 (menu component key 'reservation'): the base's bookings searched by plate, driver, phone, tanker
 * type, day range, period and status; 新增预约 (预约成功 or the server's reason), and the status moves
 * each row allows, spaced apart (到场 on the day, 未到 from the day on, 取消预约 in red: it frees the
 * place). Headquarters sees and books every base.
 */
import type { ProColumns } from '@ant-design/pro-components'
import {
  chinaToday, HQ_COMPANY_ID, RESERVE_PERIODS, TANKER_TYPES, type Reservation, type ReservationQuery,
} from '@app/contract'
import * as api from '../../api/reservations'
import { useUserInfo } from '../../app/session'
import { actionColumn } from '../../components/actionColumn'
import { companyColumn, useCompanyOptions } from '../../components/companies'
import { DATE_RANGE_PROPS, toDateRange } from '../../components/dateRange'
import ListPage from '../../components/ListPage'
import Revealable, { useMayReveal } from '../../components/Revealable'
import { useListPage } from '../../components/useListPage'
import ReservationForm from './ReservationForm'
import StatusActions, { StatusTag } from './StatusActions'
import { statusOptions } from './reservationValues'

const options = (values: readonly string[]) => values.map((v) => ({ label: v, value: v }))

export default function ReservationsPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const page = useListPage<Reservation>()
  const companies = useCompanyOptions({ enabled: headquarters })
  const today = chinaToday()
  const mayReveal = useMayReveal()

  const columns: ProColumns<Reservation>[] = [
    { title: '车牌号', dataIndex: 'licenseNumber', width: 110, fieldProps: { placeholder: '请输入车牌号', maxLength: 20 } },
    { title: '驾驶员', dataIndex: 'contactName', width: 100, fieldProps: { placeholder: '请输入驾驶员姓名', maxLength: 50 } },
    {
      title: '驾驶员电话', dataIndex: 'phone', width: 140, ellipsis: false, fieldProps: { placeholder: '完整的11位手机号', maxLength: 20 },
      render: (_, r) => <Revealable field="phone" masked={r.phone} allowed={mayReveal} reveal={() => api.revealPhone(r.id)} />,
    },
    { title: '车辆类型', dataIndex: 'tankerType', width: 100, valueType: 'select', fieldProps: { options: options(TANKER_TYPES), placeholder: '全部' } },
    {
      title: '预约日期', dataIndex: 'reserveTime', width: 110, valueType: 'dateRange',
      fieldProps: DATE_RANGE_PROPS,
      search: { transform: (value: unknown) => ({ reserveTime: toDateRange(value) }) },
      render: (_, r) => r.reserveTime,
    },
    { title: '时段', dataIndex: 'reservePeriod', width: 70, valueType: 'select', fieldProps: { options: options(RESERVE_PERIODS), placeholder: '全部' } },
    {
      title: '状态', dataIndex: 'status', width: 90, valueType: 'select', fieldProps: { options: statusOptions, placeholder: '全部' },
      render: (_, r) => <StatusTag row={r} />,
    },
    companyColumn(companies, { inTable: headquarters, inSearch: headquarters }),
    { title: '到场时间', dataIndex: 'arriveTimeStr', width: 170, hideInSearch: true, render: (_, r) => r.arriveTimeStr || '—' },
    { title: '备注', dataIndex: 'remarks', width: 160, hideInSearch: true, ellipsis: true, render: (_, r) => r.remarks || '—' },
    { title: '预约人', dataIndex: 'createUserName', width: 100, hideInSearch: true, render: (_, r) => r.createUserName || '—' },
    { title: '预约时间', dataIndex: 'createTimeStr', width: 170, hideInSearch: true },
    actionColumn<Reservation>(220, (r) => <StatusActions row={r} today={today} onChanged={page.reload} />),
  ]

  return (
    <ListPage
      headerTitle="预约列表"
      noun="预约"
      page={page}
      dialog={(form) => <ReservationForm {...form} companies={headquarters ? companies : []} defaultCompanyId={companies[0]?.id} />}
      columns={columns}
      scroll={{ x: headquarters ? 1700 : 1500 }}
      form={{ name: 'reservation-search' }}
      list={(q: ReservationQuery) => api.findReservations(q)}
    />
  )
}

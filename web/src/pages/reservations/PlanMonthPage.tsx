/**
 * 预约日历 (menu component key 'reservation_plan_month'): a month of the base's plans, each day showing
 * its plans as booked/total (green, orange over half, red when full); choosing a day lists its bookings.
 * Headquarters picks the base.
 */
import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Calendar, Card, Select, Space, Tag, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import dayjs from 'dayjs'
import {
  chinaToday, HQ_COMPANY_ID, type Reservation, type ReservationDayPlan,
} from '@app/contract'
import * as api from '../../api/reservations'
import { useUserInfo } from '../../app/session'
import { companyChoices, useCompanyOptions } from '../../components/companies'
import { StatusTag } from './StatusActions'
import { planColor, planLine } from './reservationValues'
import ShortTable from '../../components/ShortTable'

const NO_BOOKINGS: Reservation[] = []

export default function ReservationPlanMonthPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const bases = useCompanyOptions({ enabled: headquarters }).filter((c) => c.id !== HQ_COMPANY_ID)
  const [picked, setCompanyId] = useState<number | undefined>()
  // headquarters sees the first base until it picks another
  const companyId = picked ?? bases[0]?.id
  const [value, setValue] = useState<Dayjs>(() => dayjs(chinaToday()))
  const [day, setDay] = useState<string>(chinaToday())
  const monthKey = value.format('YYYY-MM')

  const ready = info != null && (!headquarters || companyId != null)
  // the month shown stays until the next one has arrived
  const { data: month, isFetching: loading } = useQuery({
    queryKey: ['reservations', 'month', companyId ?? null, monthKey],
    queryFn: ({ signal }) => api.planMonth({ month: monthKey, companyId }, { signal, cancelDuplicate: false }),
    enabled: ready,
    placeholderData: keepPreviousData,
  })
  const { data: bookings = NO_BOOKINGS } = useQuery({
    queryKey: ['reservations', 'day', companyId ?? null, day],
    queryFn: ({ signal }) => api.findReservations({ reserveTime: [day, day], companyId, page: 1, size: 100 }, { signal, cancelDuplicate: false }).then((p) => p.data),
    enabled: ready,
  })

  const plansOf = (d: Dayjs): ReservationDayPlan[] => month?.days.find((x) => x.date === d.format('YYYY-MM-DD'))?.plans ?? []

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title="预约日历"
        loading={loading && !month}
        extra={headquarters && (
          <Select
            style={{ width: 260 }} showSearch optionFilterProp="label" placeholder="选择基地" value={companyId}
            options={companyChoices(bases)} onChange={setCompanyId} aria-label="基地"
          />
        )}
      >
        <Calendar
          value={value}
          onPanelChange={(d) => setValue(d)}
          onSelect={(d, { source }) => {
            setValue(d)
            if (source === 'date') setDay(d.format('YYYY-MM-DD'))
          }}
          cellRender={(d, cell) => {
            if (cell.type !== 'date') return cell.originNode
            const plans = plansOf(d)
            return (
              <div className="reservation-day" data-date={d.format('YYYY-MM-DD')}>
                {plans.map((p) => (
                  <Tag key={p.planId} color={planColor(p)} style={{ display: 'block', marginBottom: 2, fontSize: 11 }}>{planLine(p)}</Tag>
                ))}
              </div>
            )
          }}
        />
      </Card>
      <Card title={`${day} 的预约`} size="small">
        <ShortTable<Reservation>
          rowKey="id" dataSource={bookings}
          locale={{ emptyText: '当天暂无预约' }}
          columns={[
            { title: '时段', dataIndex: 'reservePeriod', width: 70 },
            { title: '罐车类型', dataIndex: 'tankerType', width: 100 },
            { title: '车牌号', dataIndex: 'licenseNumber', width: 110 },
            { title: '驾驶员', dataIndex: 'contactName', width: 100 },
            { title: '电话', dataIndex: 'phone', width: 130 },
            { title: '状态', dataIndex: 'status', width: 90, render: (_, r) => <StatusTag row={r} /> },
          ]}
        />
        {month && !month.days.length && <Typography.Text type="secondary">本月暂无预约设置</Typography.Text>}
      </Card>
    </Space>
  )
}

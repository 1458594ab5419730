/**
 * 预约日历 (menu component key 'reservation_plan_month'): a month of the base's plans, each day showing
 * every one of its plans as booked/total (green, orange over half, red when full; the cell grows to
 * hold them all). Choosing a day shows its plans and bookings in the panel beside the calendar.
 * Headquarters picks the base; whoever holds reservation_plan also has 批量添加 and 复制上周 here.
 */
import { useState } from 'react'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { LeftOutlined, RightOutlined } from '@ant-design/icons'
import { Button, Calendar, Card, Col, Empty, Row, Select, Space, Tag, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import dayjs from 'dayjs'
import {
  chinaToday, HQ_COMPANY_ID, isoWeekday, WEEKDAY_LABELS, type Reservation, type ReservationDayPlan,
} from '@app/contract'
import * as api from '../../api/reservations'
import { useUserInfo } from '../../app/session'
import { companyChoices, useCompanyOptions } from '../../components/companies'
import Revealable, { useMayReveal } from '../../components/Revealable'
import ShortTable from '../../components/ShortTable'
import PlanBatchButtons from './PlanBatchButtons'
import { StatusTag } from './StatusActions'
import { planColor, planLine } from './reservationValues'
import styles from './PlanMonthPage.module.css'

const NO_BOOKINGS: Reservation[] = []
const NO_PLANS: ReservationDayPlan[] = []

export default function ReservationPlanMonthPage() {
  const info = useUserInfo()
  const queryClient = useQueryClient()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const canPlan = info?.permissions.includes('reservation_plan') ?? false
  const bases = useCompanyOptions({ enabled: headquarters }).filter((c) => c.id !== HQ_COMPANY_ID)
  const [picked, setCompanyId] = useState<number | undefined>()
  // headquarters sees the first base until it picks another
  const companyId = picked ?? (headquarters ? bases[0]?.id : info?.companyId)
  const [value, setValue] = useState<Dayjs>(() => dayjs(chinaToday()))
  const [day, setDay] = useState<string>(chinaToday())
  const monthKey = value.format('YYYY-MM')
  const mayReveal = useMayReveal()

  const ready = info != null && (!headquarters || companyId != null)
  // the month shown stays until the next one has arrived
  const { data: month, isFetching: loading } = useQuery({
    queryKey: ['reservations', 'month', companyId ?? null, monthKey],
    queryFn: ({ signal }) => api.planMonth({ month: monthKey, companyId: headquarters ? companyId : undefined }, { signal, cancelDuplicate: false }),
    enabled: ready,
    placeholderData: keepPreviousData,
  })
  const { data: bookings = NO_BOOKINGS, isFetching: loadingDay } = useQuery({
    queryKey: ['reservations', 'day', companyId ?? null, day],
    queryFn: ({ signal }) => api.findReservations({ reserveTime: [day, day], companyId: headquarters ? companyId : undefined, page: 1, size: 100 }, { signal, cancelDuplicate: false })
      .then((p) => p.data),
    enabled: ready,
  })

  const plansOn = (date: string): ReservationDayPlan[] => month?.days.find((x) => x.date === date)?.plans ?? NO_PLANS
  const dayPlans = month?.month === day.slice(0, 7) ? plansOn(day) : NO_PLANS
  const planned = () => void queryClient.invalidateQueries({ queryKey: ['reservations'] })

  return (
    <Row gutter={[16, 16]} align="top">
      <Col xs={24} xl={17}>
        <Card
          title="预约日历"
          loading={loading && !month}
          extra={(
            <Space wrap>
              {headquarters && (
                <Select
                  style={{ width: 220 }} showSearch optionFilterProp="label" placeholder="选择基地" value={companyId}
                  options={companyChoices(bases)} onChange={setCompanyId} aria-label="基地"
                />
              )}
              {canPlan && <PlanBatchButtons companies={headquarters ? bases : []} companyId={companyId} onDone={planned} />}
            </Space>
          )}
        >
          {month && !month.days.length && <Typography.Text type="secondary">本月暂无预约设置</Typography.Text>}
          <Calendar
            className={styles.calendar}
            value={value}
            onPanelChange={(d) => setValue(d)}
            headerRender={() => (
              <Space className={styles.header}>
                <Button icon={<LeftOutlined />} aria-label="上个月" onClick={() => setValue(value.subtract(1, 'month'))} />
                <Typography.Text strong aria-live="polite">{value.format('YYYY年M月')}</Typography.Text>
                <Button icon={<RightOutlined />} aria-label="下个月" onClick={() => setValue(value.add(1, 'month'))} />
                <Button onClick={() => setValue(dayjs(chinaToday()))}>本月</Button>
              </Space>
            )}
            onSelect={(d, { source }) => {
              setValue(d)
              if (source === 'date') setDay(d.format('YYYY-MM-DD'))
            }}
            cellRender={(d, cell) => {
              if (cell.type !== 'date') return cell.originNode
              const date = d.format('YYYY-MM-DD')
              return (
                <div className="reservation-day" data-date={date}>
                  {plansOn(date).map((p) => <Tag key={p.planId} color={planColor(p)} className={styles.plan}>{planLine(p)}</Tag>)}
                </div>
              )
            }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={7}>
        <Card
          className={styles.panel}
          role="region"
          aria-label="当天预约"
          title={`${day} 的预约`}
          extra={`周${WEEKDAY_LABELS[isoWeekday(day) - 1]}`}
          size="small"
          loading={loadingDay && !bookings.length}
        >
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            {dayPlans.length
              ? <div>{dayPlans.map((p) => <Tag key={p.planId} color={planColor(p)} className={styles.plan}>{planLine(p)}</Tag>)}</div>
              : <Typography.Text type="secondary">当天没有预约设置</Typography.Text>}
            <ShortTable<Reservation>
              rowKey="id" dataSource={bookings}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当天暂无预约" /> }}
              columns={[
                { title: '时段', dataIndex: 'reservePeriod', width: 52, render: (_, r) => <>{r.reservePeriod}<br /><Typography.Text type="secondary">{r.tankerType.replace('车辆', '')}</Typography.Text></> },
                {
                  title: '车辆与驾驶员', dataIndex: 'licenseNumber',
                  render: (_, r) => (
                    <>
                      {r.licenseNumber}<br />
                      <Typography.Text type="secondary" className={styles.driver}>
                        {r.contactName} <Revealable field="phone" masked={r.phone} allowed={mayReveal} reveal={() => api.revealPhone(r.id)} />
                      </Typography.Text>
                    </>
                  ),
                },
                { title: '状态', dataIndex: 'status', width: 72, render: (_, r) => <StatusTag row={r} /> },
              ]}
            />
          </Space>
        </Card>
      </Col>
    </Row>
  )
}

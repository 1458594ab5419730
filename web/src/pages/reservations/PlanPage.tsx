/**
 * 预约设置 (menu component key 'reservation_plan', headquarters' key): every base's plans, searched by base
 * and day range, with the places booked; add (spec defaults), 批量添加 and 复制上周 (many slots in one call),
 * change the count, delete a plan no booking holds a place of.
 */
import { useState } from 'react'
import { Tag } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import type { ReservationPlanFindBody, ReservationPlanListRow } from '@app/contract'
import * as api from '../../api/reservations'
import { editDeleteColumn } from '../../components/actionColumn'
import { companyColumn, useCompanyOptions } from '../../components/companies'
import { DATE_RANGE_PROPS, toDateRange } from '../../components/dateRange'
import ListPage from '../../components/ListPage'
import { useListPage } from '../../components/useListPage'
import { planColor } from './reservationValues'
import PlanBatchButtons from './PlanBatchButtons'
import PlanForm from './PlanForm'

export default function ReservationPlanPage() {
  const page = useListPage<ReservationPlanListRow>()
  const companies = useCompanyOptions()
  const [companyFilter, setCompanyFilter] = useState<number | undefined>()

  const columns: ProColumns<ReservationPlanListRow>[] = [
    companyColumn(companies, { title: '基地', width: 200 }),
    {
      title: '预约日期', dataIndex: 'reserveTime', width: 120, valueType: 'dateRange', fieldProps: DATE_RANGE_PROPS,
      search: { transform: (value: unknown) => ({ reserveTime: toDateRange(value) }) },
      render: (_, r) => r.reserveTime,
    },
    { title: '时段', dataIndex: 'reservePeriod', width: 80, hideInSearch: true },
    { title: '车辆类型', dataIndex: 'tankerType', width: 110, hideInSearch: true },
    { title: '可预约数量', dataIndex: 'totalCount', width: 100, hideInSearch: true },
    {
      title: '已预约', dataIndex: 'bookedCount', width: 100, hideInSearch: true,
      render: (_, r) => <Tag color={planColor(r)}>{r.bookedCount}/{r.totalCount}</Tag>,
    },
    { title: '创建时间', dataIndex: 'createTimeStr', width: 170, hideInSearch: true },
    editDeleteColumn(120, {
      onEdit: page.openEdit,
      remove: (r) => ({
        description: `确定删除 ${r.companyName} ${r.reserveTime} ${r.reservePeriod} ${r.tankerType} 的预约设置吗？`,
        onDelete: () => api.deletePlan(r.id),
        onDeleted: page.reload,
        disabledReason: r.bookedCount > 0 ? `已有 ${r.bookedCount} 个有效预约，不能删除` : undefined,
      }),
    }),
  ]

  return (
    <ListPage
      headerTitle="预约设置"
      noun="预约设置"
      page={page}
      dialog={(form) => <PlanForm {...form} companies={companies} defaultCompanyId={companyFilter} />}
      buttons={[<PlanBatchButtons key="batch" companies={companies} companyId={companyFilter} onDone={page.reload} />]}
      columns={columns}
      scroll={{ x: 1100 }}
      form={{ name: 'reservation-plan-search' }}
      list={(q: ReservationPlanFindBody) => {
        setCompanyFilter(q.companyId ?? undefined)
        return api.findPlans(q)
      }}
    />
  )
}

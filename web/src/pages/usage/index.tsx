/**
 * 使用统计 (menu component key 'use'; spec 000, issue 10): per user and base, for a date range (this
 * month unless chosen), uploads, failed readings, transports over tolerance and the delivery and
 * receiving tonnage; the chart of the same filters day by day above the table; export of the table.
 */
import { useRef, useState } from 'react'
import dayjs from 'dayjs'
import type { ProColumns } from '@ant-design/pro-components'
import { HQ_COMPANY_ID, thisMonthRange, USAGE_FIGURES, type UsageChart, type UsageFigure, type UsageQuery, type UsageRow } from '@app/contract'
import * as usageApi from '../../api/usage'
import { useUserInfo } from '../../app/session'
import { companyColumn, useCompanyOptions } from '../../components/companies'
import { DATE_RANGE_PROPS } from '../../components/dateRange'
import ListPage from '../../components/ListPage'
import { isCanceled } from '../../api/request'
import UsageChartPanel from './UsageChartPanel'
import { usageFilters } from './usageValues'

const figureColumn = (f: UsageFigure, width: number, tons = false): ProColumns<UsageRow> => ({
  title: USAGE_FIGURES[f], dataIndex: f, hideInSearch: true, width, align: 'right',
  render: (_, r) => (tons ? r[f].toFixed(2) : r[f]),
})

export default function UsagePage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const companies = useCompanyOptions({ enabled: headquarters })
  const [chart, setChart] = useState<UsageChart | null>(null)
  const [chartLoading, setChartLoading] = useState(false)
  const chartRequest = useRef(0)

  /** the chart follows the filters the table was loaded with; an older answer never replaces a newer one */
  const loadChart = (q: UsageQuery) => {
    const mine = ++chartRequest.current
    setChartLoading(true)
    const { page: _page, size: _size, ...filters } = q
    usageApi.usageChart(filters, { silent: true, cancelDuplicate: false })
      .then((c) => { if (mine === chartRequest.current) setChart(c) })
      .catch((e) => { if (!isCanceled(e) && mine === chartRequest.current) setChart(null) })
      .finally(() => { if (mine === chartRequest.current) setChartLoading(false) })
  }

  const columns: ProColumns<UsageRow>[] = [
    {
      title: '统计时间', dataIndex: 'createTimeQuery', hideInTable: true, valueType: 'dateRange',
      initialValue: thisMonthRange().map((d) => dayjs(d)),
      fieldProps: { ...DATE_RANGE_PROPS, allowClear: false },
    },
    companyColumn(companies, { width: 200, inTable: headquarters, inSearch: headquarters }),
    { title: '用户', dataIndex: 'name', width: 120, ellipsis: true, fieldProps: { placeholder: '姓名或账号', maxLength: 100 } },
    { title: '账号', dataIndex: 'phone', hideInSearch: true, width: 130 },
    figureColumn('useTimes', 100),
    figureColumn('uploadErrors', 120),
    figureColumn('poundErrors', 120),
    figureColumn('deliveryWeight', 130, true),
    figureColumn('signWeight', 130, true),
  ]

  return (
    <ListPage
      headerTitle="使用统计"
      rowKey={(r: UsageRow) => `${r.companyId}-${r.userId}`}
      columns={columns}
      scroll={{ x: 1100 }}
      form={{ name: 'usage-search' }}
      emptyText="统计时间内没有用户"
      list={(q: UsageQuery) => {
        loadChart(q)
        return usageApi.findUsage(q)
      }}
      filters={usageFilters}
      tableExtraRender={() => <UsageChartPanel chart={chart} loading={chartLoading} />}
      exportList={info ? (filters, opts) => usageApi.exportUsage(info.companyId, filters, opts) : undefined}
    />
  )
}

/**
 * 销售汇总 (menu component key 'sale_summary', permission sale): the sales and refunds of each day or
 * month, added up by the server per base, per material (with the net quantity) or per seller, over a
 * time range (this month to start with), with export. Amounts are fen from the server shown as yuan.
 */
import { useState } from 'react'
import { Card, DatePicker, Segmented, Select, Space, Typography } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import dayjs from 'dayjs'
import { HQ_COMPANY_ID, SALE_SUMMARY_GROUPS, type SaleSummary, type SaleSummaryGroup, type SaleSummaryQuery } from '@app/contract'
import * as api from '../../api/sales'
import { useUserInfo } from '../../app/session'
import { companyChoices, useCompanyOptions } from '../../components/companies'
import { DATE_RANGE_PROPS, toDateRange, type DayRange } from '../../components/dateRange'
import ListPage from '../../components/ListPage'
import { trimQuantity } from '../../features/supplySales/materialChoices'
import { yuanText } from './saleValues'

type Filters = Omit<SaleSummaryQuery, 'page' | 'size' | 'pageNo' | 'pageSize'>

const money = (title: string, key: 'salesTotal' | 'refundTotal' | 'net'): ProColumns<SaleSummary> => ({
  title, dataIndex: key, width: 120, align: 'right',
  render: (_, r) => <Typography.Text strong={key === 'net'} type={r[key] < 0 ? 'danger' : undefined}>{yuanText(r[key])}</Typography.Text>,
})

function summaryColumns(group: SaleSummaryGroup, by: Filters['by'], headquarters: boolean): ProColumns<SaleSummary>[] {
  return [
    { title: by === 'month' ? '月份' : '日期', dataIndex: 'period', width: 110 },
    ...(headquarters || group === 'base' ? [{ title: '所属基地', dataIndex: 'companyName', width: 170, ellipsis: true }] : []),
    ...(group === 'material' ? [
      { title: '物料', dataIndex: 'itemName', width: 180, ellipsis: true },
      { title: '净销量', dataIndex: 'quantity', width: 110, align: 'right' as const, render: (_: unknown, r: SaleSummary) => `${trimQuantity(r.quantity ?? '0')}${r.unit ?? ''}` },
    ] : []),
    ...(group === 'seller' ? [{ title: '销售人', dataIndex: 'itemName', width: 120 }] : []),
    { title: '销售笔数', dataIndex: 'saleCount', width: 90, align: 'right' },
    { title: '退款笔数', dataIndex: 'refundCount', width: 90, align: 'right' },
    money('销售额', 'salesTotal'), money('退款额', 'refundTotal'), money('净额', 'net'),
  ]
}

export default function SaleSummaryPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const companies = useCompanyOptions({ enabled: headquarters })
  const [by, setBy] = useState<Filters['by']>('day')
  const [group, setGroup] = useState<SaleSummaryGroup>('base')
  const [range, setRange] = useState<DayRange | null>(() => [dayjs().startOf('month'), dayjs().startOf('day')])
  const [companyId, setCompanyId] = useState<number | undefined>()
  const filters: Filters = { by, group, companyId, createTimeQuery: toDateRange(range) }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap size={[16, 8]}>
          <Segmented aria-label="汇总方式" value={by} onChange={(v) => setBy(v as Filters['by'])} options={[{ label: '日报', value: 'day' }, { label: '月报', value: 'month' }]} />
          <Segmented aria-label="汇总对象" value={group} onChange={(v) => setGroup(v as SaleSummaryGroup)}
            options={Object.entries(SALE_SUMMARY_GROUPS).map(([value, label]) => ({ label, value }))} />
          <DatePicker.RangePicker aria-label="销售时间" value={range} onChange={(v) => setRange(v as DayRange | null)} allowClear {...DATE_RANGE_PROPS} />
          {headquarters && (
            <Select aria-label="基地" allowClear showSearch optionFilterProp="label" placeholder="全部基地" style={{ width: 200 }}
              value={companyId} onChange={setCompanyId} options={companyChoices(companies)} />
          )}
        </Space>
      </Card>
      <ListPage<SaleSummary, Filters>
        search={false}
        params={filters}
        list={api.saleSummary}
        exportList={(q, opts) => api.exportSaleSummary(info?.companyId ?? HQ_COMPANY_ID, q, opts)}
        headerTitle={`销售${by === 'month' ? '月报' : '日报'}（${SALE_SUMMARY_GROUPS[group]}）`}
        rowKey={(r) => `${r.period}-${r.companyId}-${r.itemId ?? ''}`}
        columns={summaryColumns(group, by, headquarters)}
        emptyText="所选时间内没有销售"
      />
    </Space>
  )
}

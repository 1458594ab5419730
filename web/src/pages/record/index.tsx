/**
 * 充值记录 (menu component key 'record'; spec 001 §2 "Recharge record list"): filter by company and
 * date range; times, company, operator, created time; CSV export.
 */
import { useEffect, useRef, useState } from 'react'
import { Tag } from 'antd'
import { ProTable, type ProColumns } from '@ant-design/pro-components'
import { DEFAULT_PAGE_SIZE, HQ_COMPANY_ID, PAGE_SIZE_OPTIONS, type CompanyOption, type RechargeRow } from '@app/contract'
import * as companiesApi from '../../api/companies'
import * as rechargeApi from '../../api/recharge'
import ExportButton from '../../components/ExportButton'
import { loadTable, toListQuery, type TableParams } from '../../components/listQuery'

export default function RecordPage() {
  const [companies, setCompanies] = useState<CompanyOption[]>([])
  /** the filters of the list as last loaded: what 导出 exports */
  const lastFilters = useRef<rechargeApi.RechargeQuery>({})
  useEffect(() => {
    companiesApi.companyOptions({ silent: true }).then(setCompanies).catch(() => setCompanies([]))
  }, [])

  const columns: ProColumns<RechargeRow>[] = [
    {
      title: '充值基地', dataIndex: 'companyName', ellipsis: true, valueType: 'select',
      fieldProps: { showSearch: true, optionFilterProp: 'label', placeholder: '全部基地', options: companies.map((c) => ({ label: c.name, value: c.id })) },
      search: { transform: (value: number) => ({ companyId: value }) },
      render: (_, r) => r.companyName,
    },
    {
      title: '类型', dataIndex: 'type', width: 120, valueType: 'select',
      valueEnum: { 1: { text: '上传次数' }, 2: { text: '子账号数量' } },
      render: (_, r) => <Tag color={r.type === 2 ? 'blue' : 'green'}>{r.typeName}</Tag>,
    },
    { title: '充值次数', dataIndex: 'times', hideInSearch: true, width: 110, align: 'right' },
    { title: '操作人', dataIndex: 'userName', hideInSearch: true, width: 140 },
    {
      title: '充值时间', dataIndex: 'createTimeStr', width: 190, valueType: 'dateRange',
      search: { transform: (value: [string, string]) => ({ createTimeQuery: value }) },
      render: (_, r) => r.createTimeStr,
    },
  ]

  return (
    <ProTable<RechargeRow, TableParams>
      rowKey="id"
      headerTitle="充值记录"
      columns={columns}
      search={{ labelWidth: 'auto', defaultCollapsed: false, searchText: '查询', resetText: '清空' }}
      options={{ density: false, setting: false, reload: true }}
      pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, pageSizeOptions: PAGE_SIZE_OPTIONS, showSizeChanger: true, showTotal: (t) => `共 ${t} 条` }}
      request={(params) => {
        const q = toListQuery<rechargeApi.RechargeQuery>(params)
        if (typeof q.type === 'string') q.type = Number(q.type) as 1 | 2
        lastFilters.current = { companyId: q.companyId, createTimeQuery: q.createTimeQuery, type: q.type }
        return loadTable(rechargeApi.findRecords(q))
      }}
      toolBarRender={() => [
        <ExportButton key="export" run={(opts) => rechargeApi.exportRecords(HQ_COMPANY_ID, lastFilters.current, opts)}>导出</ExportButton>,
      ]}
    />
  )
}

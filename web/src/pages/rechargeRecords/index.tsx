/**
 * 充值记录 (menu component key 'record'; spec 001 §2 "Recharge record list"): filter by company and
 * date range; times, company, operator, created time; CSV export.
 */
import { Tag } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { HQ_COMPANY_ID, RECHARGE_TYPE_LABELS, RECHARGE_TYPES, type RechargeRow } from '@app/contract'
import * as rechargeApi from '../../api/recharge'
import { companyColumn, useCompanyOptions } from '../../components/companies'
import { createTimeColumn } from '../../components/dateRange'
import ListPage from '../../components/ListPage'

const TYPE_OPTIONS = Object.values(RECHARGE_TYPES).map((value) => ({ value, label: RECHARGE_TYPE_LABELS[value] }))

export default function RechargeRecordsPage() {
  const companies = useCompanyOptions()

  const columns: ProColumns<RechargeRow>[] = [
    companyColumn(companies, { title: '充值基地', width: false }),
    {
      title: '类型', dataIndex: 'type', width: 120, valueType: 'select', fieldProps: { options: TYPE_OPTIONS },
      render: (_, r) => <Tag color={r.type === RECHARGE_TYPES.userAmount ? 'blue' : 'green'}>{r.typeName}</Tag>,
    },
    { title: '充值次数', dataIndex: 'times', hideInSearch: true, width: 110, align: 'right' },
    { title: '操作人', dataIndex: 'userName', hideInSearch: true, width: 140 },
    createTimeColumn('充值时间', 190),
  ]

  return (
    <ListPage
      headerTitle="充值记录"
      columns={columns}
      list={rechargeApi.findRecords}
      exportList={(filters, opts) => rechargeApi.exportRecords(HQ_COMPANY_ID, filters, opts)}
    />
  )
}

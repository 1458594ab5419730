/**
 * 物流公司 (menu component key 'lcompany'; spec 001 §2 "Logistics company list", §7 `/lCompany/*`): the
 * carriers of the base searched by name, contact and phone; add and edit with the region cascader,
 * delete after a confirmation, export. Headquarters sees every base and picks the base of a new one.
 */
import { useState } from 'react'
import { Typography } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { HQ_COMPANY_ID, type LogisticsCompany, type LogisticsCompanyQuery } from '@app/contract'
import * as api from '../../api/logisticsCompanies'
import { useUserInfo } from '../../app/session'
import { editDeleteColumn } from '../../components/actionColumn'
import { companyColumn, useCompanyOptions } from '../../components/companies'
import ListPage from '../../components/ListPage'
import { regionText } from '../../components/regions'
import { useListPage } from '../../components/useListPage'
import LogisticsCompanyForm from './LogisticsCompanyForm'

const empty = <Typography.Text type="secondary">—</Typography.Text>

export default function LogisticsCompaniesPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const page = useListPage<LogisticsCompany>()
  const companies = useCompanyOptions({ enabled: headquarters })
  const [companyFilter, setCompanyFilter] = useState<number | undefined>()

  const columns: ProColumns<LogisticsCompany>[] = [
    { title: '物流公司名称', dataIndex: 'name', width: 220, ellipsis: true, fieldProps: { placeholder: '请输入物流公司名称', maxLength: 100 } },
    { title: '联系人', dataIndex: 'contactor', width: 110, fieldProps: { placeholder: '请输入联系人', maxLength: 50 }, render: (_, r) => r.contactor || empty },
    { title: '联系电话', dataIndex: 'phone', width: 150, fieldProps: { placeholder: '请输入联系电话', maxLength: 20 }, render: (_, r) => r.phone || empty },
    { title: '所在地区', dataIndex: 'region', hideInSearch: true, width: 220, ellipsis: true, render: (_, r) => regionText(r) || empty },
    { title: '备注', dataIndex: 'remarks', hideInSearch: true, width: 200, ellipsis: true, render: (_, r) => r.remarks || empty },
    companyColumn(companies, { inTable: headquarters, inSearch: headquarters }),
    { title: '创建时间', dataIndex: 'createTimeStr', hideInSearch: true, width: 170 },
    editDeleteColumn(110, {
      onEdit: page.openEdit,
      remove: (r) => ({ description: `确定删除物流公司「${r.name}」吗？`, onDelete: () => api.deleteLogisticsCompany(r.id), onDeleted: page.reload }),
    }),
  ]

  return (
    <ListPage
      headerTitle="物流公司"
      noun="物流公司"
      page={page}
      dialog={(form) => <LogisticsCompanyForm {...form} companies={headquarters ? companies : []} defaultCompanyId={companyFilter ?? info?.companyId} />}
      columns={columns}
      scroll={{ x: headquarters ? 1400 : 1200 }}
      form={{ name: 'lcompany-search' }}
      list={(q: LogisticsCompanyQuery) => {
        setCompanyFilter(q.companyId)
        return api.findLogisticsCompanies(q)
      }}
      exportList={info ? (filters, opts) => api.exportLogisticsCompanies(info.companyId, filters, opts) : undefined}
    />
  )
}

/**
 * 基地列表 (menu component key 'agent'; spec 000 §2 "Base management", spec 001 §2): search by name,
 * contact and phone; add, edit, top up, expand sub-accounts, reservation settings, supply, export,
 * deregister. Headquarters (company 1) can be neither edited nor deregistered.
 */
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { App, Dropdown, Space, Tag, Typography } from 'antd'
import { DownOutlined } from '@ant-design/icons'
import type { ProColumns } from '@ant-design/pro-components'
import { CompanyMsg, HQ_COMPANY_ID, IS_CREATE, type CompanyRow } from '@app/contract'
import * as companiesApi from '../../api/companies'
import { actionColumn } from '../../components/actionColumn'
import { invalidateCompanies } from '../../components/companies'
import { confirmDanger } from '../../components/confirmAction'
import ListPage from '../../components/ListPage'
import { regionText } from '../../components/regions'
import { useListPage } from '../../components/useListPage'
import CompanyForm from './CompanyForm'
import CountModal, { type CountKind } from './CountModal'
import ReservationModal from './ReservationModal'
import SupplyModal from './SupplyModal'

export default function CompaniesPage() {
  const app = App.useApp()
  const page = useListPage<CompanyRow>()
  const queryClient = useQueryClient()
  // a base added, changed or removed: the list, and every screen's base pickers and seats
  const changed = () => {
    page.reload()
    void invalidateCompanies(queryClient)
  }
  const [counting, setCounting] = useState<{ kind: CountKind; row: CompanyRow } | null>(null)
  const [planning, setPlanning] = useState<CompanyRow | null>(null)
  const [supplying, setSupplying] = useState<CompanyRow | null>(null)

  const deregister = (row: CompanyRow) => confirmDanger(
    app,
    <>
      <Typography.Paragraph>确定注销基地「{row.name}」吗？</Typography.Paragraph>
      <Typography.Text type="danger">{CompanyMsg.deregisterWarning}</Typography.Text>
    </>,
    () => companiesApi.deleteCompany(row.id),
    CompanyMsg.deregistered,
    changed,
  )

  const columns: ProColumns<CompanyRow>[] = [
    { title: '基地名称', dataIndex: 'name', ellipsis: true, width: 180, fieldProps: { placeholder: '请输入基地名称' } },
    { title: '联系人', dataIndex: 'contactor', width: 100, fieldProps: { placeholder: '请输入联系人' } },
    { title: '联系电话', dataIndex: 'phone', width: 130, fieldProps: { placeholder: '请输入联系电话' } },
    { title: '地址', dataIndex: 'address', ellipsis: true, hideInSearch: true, width: 180, render: (_, r) => [regionText(r), r.address].filter(Boolean).join(' ') || '—' },
    { title: '剩余上传次数', dataIndex: 'remainingTimes', hideInSearch: true, width: 110, align: 'right' },
    { title: '已用上传次数', dataIndex: 'useTimes', hideInSearch: true, width: 110, align: 'right' },
    {
      title: '允许子账号', dataIndex: 'isCreate', hideInSearch: true, width: 100, align: 'center',
      render: (_, r) => (r.isCreate === IS_CREATE.yes ? <Tag color="green">是</Tag> : <Tag>否</Tag>),
    },
    // headquarters has no seat limit
    { title: '剩余子账号数', dataIndex: 'remainingUserNums', hideInSearch: true, width: 110, align: 'right', render: (_, r) => (r.id === HQ_COMPANY_ID ? '不限' : r.remainingUserNums) },
    { title: '已分配子账号数', dataIndex: 'assignedUserNums', hideInSearch: true, width: 120, align: 'right' },
    { title: '创建时间', dataIndex: 'createTimeStr', hideInSearch: true, width: 170 },
    actionColumn(200, (row) => {
      const hq = row.id === HQ_COMPANY_ID
      return (
        <Space size={4} wrap={false}>
          <a onClick={() => setCounting({ kind: 'recharge', row })}>充值</a>
          {hq ? <Typography.Text disabled title="总部不限子账号数量">扩容</Typography.Text> : <a onClick={() => setCounting({ kind: 'expand', row })}>扩容</a>}
          {hq ? <Typography.Text disabled>编辑</Typography.Text> : <a onClick={() => page.openEdit(row)}>编辑</a>}
          <Dropdown
            menu={{
              items: [
                { key: 'plan', label: '预约设置' },
                { key: 'supply', label: '供货设置' },
                { type: 'divider' },
                { key: 'deregister', label: '注销', danger: true, disabled: hq },
              ],
              onClick: ({ key }) => {
                if (key === 'plan') setPlanning(row)
                if (key === 'supply') setSupplying(row)
                if (key === 'deregister') deregister(row)
              },
            }}
          >
            <a onClick={(e) => e.preventDefault()}>更多 <DownOutlined style={{ fontSize: 10 }} /></a>
          </Dropdown>
        </Space>
      )
    }),
  ]

  return (
    <>
      <ListPage
        headerTitle="基地列表"
        page={page}
        dialog={(form) => <CompanyForm {...form} onSaved={changed} />}
        columns={columns}
        scroll={{ x: 1500 }}
        list={companiesApi.findCompanies}
        exportList={(filters, opts) => companiesApi.exportCompanies(HQ_COMPANY_ID, filters, opts)}
      />
      {/* each dialog is built afresh for the row it opens with */}
      <CountModal key={counting ? `${counting.kind}-${counting.row.id}` : 'count'} kind={counting?.kind ?? 'recharge'} company={counting?.row ?? null} onClose={() => setCounting(null)} onSaved={changed} />
      <ReservationModal key={planning ? `plan-${planning.id}` : 'plan'} company={planning} onClose={() => setPlanning(null)} />
      <SupplyModal key={supplying ? `supply-${supplying.id}` : 'supply'} company={supplying} onClose={() => setSupplying(null)} />
    </>
  )
}

/**
 * 基地列表 (menu component key 'agent'; spec 000 §2 "Base management", spec 001 §2): search by name,
 * contact and phone; add, edit, top up, expand sub-accounts, reservation settings, supply, export,
 * deregister. Headquarters (company 1) can be neither edited nor deregistered.
 */
import { useRef, useState } from 'react'
import { App, Button, Dropdown, Space, Tag, Typography } from 'antd'
import { DownOutlined, PlusOutlined } from '@ant-design/icons'
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { CompanyMsg, HQ_COMPANY_ID, PAGE_SIZE_OPTIONS, DEFAULT_PAGE_SIZE, type CompanyRow } from '@app/contract'
import * as companiesApi from '../../api/companies'
import { confirmDanger } from '../../components/confirmAction'
import ExportButton from '../../components/ExportButton'
import { loadTable, toListQuery, type TableParams } from '../../components/listQuery'
import { regionText } from '../../components/regions'
import CompanyForm from './CompanyForm'
import CountModal, { type CountKind } from './CountModal'
import ReservationModal from './ReservationModal'
import SupplyModal from './SupplyModal'

type Filters = { name?: string; contactor?: string; phone?: string }

export default function AgentPage() {
  const app = App.useApp()
  const actionRef = useRef<ActionType>(null)
  /** the filters of the list as last loaded: what 导出 exports */
  const lastFilters = useRef<Filters>({})
  const [formOpen, setFormOpen] = useState(false)
  const [editing, setEditing] = useState<CompanyRow | null>(null)
  const [counting, setCounting] = useState<{ kind: CountKind; row: CompanyRow } | null>(null)
  const [planning, setPlanning] = useState<CompanyRow | null>(null)
  const [supplying, setSupplying] = useState<CompanyRow | null>(null)
  const reload = () => actionRef.current?.reload()

  const deregister = (row: CompanyRow) => confirmDanger(
    app,
    <>
      <Typography.Paragraph>确定注销基地「{row.name}」吗？</Typography.Paragraph>
      <Typography.Text type="danger">{CompanyMsg.deregisterWarning}</Typography.Text>
    </>,
    () => companiesApi.deleteCompany(row.id),
    CompanyMsg.deregistered,
    reload,
  )

  const columns: ProColumns<CompanyRow>[] = [
    { title: '基地名称', dataIndex: 'name', ellipsis: true, width: 180, fieldProps: { placeholder: '请输入基地名称' } },
    { title: '联系人', dataIndex: 'contactor', width: 100, fieldProps: { placeholder: '请输入联系人' } },
    { title: '联系电话', dataIndex: 'phone', width: 130, fieldProps: { placeholder: '请输入联系电话' } },
    { title: '地址', dataIndex: 'address', ellipsis: true, hideInSearch: true, width: 180, render: (_, r) => [regionText(r), r.address].filter(Boolean).join(' ') || '/' },
    { title: '剩余上传次数', dataIndex: 'remainingTimes', hideInSearch: true, width: 110, align: 'right' },
    { title: '已用上传次数', dataIndex: 'useTimes', hideInSearch: true, width: 110, align: 'right' },
    {
      title: '允许子账号', dataIndex: 'isCreate', hideInSearch: true, width: 100, align: 'center',
      render: (_, r) => (r.isCreate === '1' ? <Tag color="green">是</Tag> : <Tag>否</Tag>),
    },
    // headquarters has no seat limit
    { title: '剩余子账号数', dataIndex: 'remainingUserNums', hideInSearch: true, width: 110, align: 'right', render: (_, r) => (r.id === HQ_COMPANY_ID ? '不限' : r.remainingUserNums) },
    { title: '已分配子账号数', dataIndex: 'assignedUserNums', hideInSearch: true, width: 120, align: 'right' },
    { title: '创建时间', dataIndex: 'createTimeStr', hideInSearch: true, width: 170 },
    {
      title: '操作', valueType: 'option', fixed: 'right', width: 200,
      render: (_, row) => {
        const hq = row.id === HQ_COMPANY_ID
        return (
          <Space size={4} wrap={false}>
            <a onClick={() => setCounting({ kind: 'recharge', row })}>充值</a>
            {hq ? <Typography.Text disabled title="总部不限子账号数量">扩容</Typography.Text> : <a onClick={() => setCounting({ kind: 'expand', row })}>扩容</a>}
            {hq ? <Typography.Text disabled>编辑</Typography.Text> : <a onClick={() => { setEditing(row); setFormOpen(true) }}>编辑</a>}
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
      },
    },
  ]

  return (
    <>
      <ProTable<CompanyRow, TableParams>
        rowKey="id"
        headerTitle="基地列表"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 1500 }}
        search={{ labelWidth: 'auto', defaultCollapsed: false, searchText: '查询', resetText: '清空' }}
        options={{ density: false, setting: false, reload: true }}
        pagination={{ defaultPageSize: DEFAULT_PAGE_SIZE, pageSizeOptions: PAGE_SIZE_OPTIONS, showSizeChanger: true, showTotal: (t) => `共 ${t} 条` }}
        request={(params) => {
          const q = toListQuery<Filters>(params)
          lastFilters.current = { name: q.name, contactor: q.contactor, phone: q.phone }
          return loadTable(companiesApi.findCompanies(q))
        }}
        toolBarRender={() => [
          <ExportButton key="export" run={(opts) => companiesApi.exportCompanies(HQ_COMPANY_ID, lastFilters.current, opts)}>导出</ExportButton>,
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); setFormOpen(true) }}>新增</Button>,
        ]}
      />
      {/* each dialog is built afresh for the row it opens with */}
      <CompanyForm key={formOpen ? `form-${editing?.id ?? 'new'}` : 'form'} open={formOpen} editing={editing} onOpenChange={setFormOpen} onSaved={reload} />
      <CountModal key={counting ? `${counting.kind}-${counting.row.id}` : 'count'} kind={counting?.kind ?? 'recharge'} company={counting?.row ?? null} onClose={() => setCounting(null)} onSaved={reload} />
      <ReservationModal key={planning ? `plan-${planning.id}` : 'plan'} company={planning} onClose={() => setPlanning(null)} />
      <SupplyModal key={supplying ? `supply-${supplying.id}` : 'supply'} company={supplying} onClose={() => setSupplying(null)} />
    </>
  )
}

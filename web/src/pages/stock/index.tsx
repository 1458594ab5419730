/**
 * 库存管理 (menu component key 'company_material'): each base's balance of each material, those at or
 * under their threshold first and marked 库存预警; searched by material, type and warning, and by base
 * for headquarters; a row's 出入库明细 opens its ledger, 盘点 the stock-taking screen; export.
 */
import { Button, Space, Tag, Typography } from 'antd'
import { AuditOutlined, HistoryOutlined } from '@ant-design/icons'
import { useRef } from 'react'
import { useNavigate } from 'react-router-dom'
import type { ProColumns, ProFormInstance } from '@ant-design/pro-components'
import { HQ_COMPANY_ID, type StockBalance, type StockQuery } from '@app/contract'
import * as materialsApi from '../../api/materials'
import * as api from '../../api/stock'
import { useUserInfo } from '../../app/session'
import { actionColumn } from '../../components/actionColumn'
import { companyChoices, useCompanyOptions } from '../../components/companies'
import ListPage from '../../components/ListPage'
import { useChoices } from '../../components/useChoices'
import { quantityText } from '../../features/stock/quantities'
import { balanceFilters, ledgerUrl, LEDGER_PATH, LOW_OPTIONS, stockTakeUrl } from './stockValues'

export default function StockPage() {
  const info = useUserInfo()
  const navigate = useNavigate()
  const formRef = useRef<ProFormInstance>(undefined)
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const bases = useCompanyOptions({ enabled: headquarters }).filter((c) => c.id !== HQ_COMPANY_ID)
  const types = useChoices(['materialTypes'], materialsApi.allMaterialTypes, { enabled: info?.permissions.includes('materialType') ?? false })

  const columns: ProColumns<StockBalance>[] = [
    {
      title: '所属基地', dataIndex: 'companyId', width: 180, ellipsis: true, hideInTable: !headquarters, hideInSearch: !headquarters,
      valueType: 'select', fieldProps: { showSearch: true, optionFilterProp: 'label', placeholder: '全部基地', options: companyChoices(bases) },
      render: (_, r) => r.companyName,
    },
    { title: '物料名称', dataIndex: 'materialName', width: 180, ellipsis: true, fieldProps: { placeholder: '请输入物料名称', maxLength: 50 } },
    {
      title: '物料类型', dataIndex: 'typeId', width: 110, valueType: 'select', hideInSearch: !types.length,
      fieldProps: { placeholder: '全部类型', options: types.map((t) => ({ value: t.id, label: t.name })) },
      render: (_, r) => r.typeName,
    },
    { title: '规格', dataIndex: 'specification', hideInSearch: true, width: 130, ellipsis: true, render: (_, r) => r.specification || '—' },
    {
      title: '库存', dataIndex: 'quantity', hideInSearch: true, width: 150, align: 'right',
      render: (_, r) => (
        <Space size={6}>
          {r.low && <Tag color="red">库存预警</Tag>}
          <Typography.Text type={r.low ? 'danger' : undefined} strong>{quantityText(r.quantity)}</Typography.Text>
        </Space>
      ),
    },
    { title: '单位', dataIndex: 'unit', hideInSearch: true, width: 60 },
    { title: '预警值', dataIndex: 'lowStock', hideInSearch: true, width: 90, align: 'right', render: (_, r) => (r.lowStock === '0.000' ? '不预警' : quantityText(r.lowStock)) },
    { title: '库存预警', dataIndex: 'low', hideInTable: true, valueType: 'select', fieldProps: { placeholder: '全部', options: LOW_OPTIONS } },
    { title: '更新时间', dataIndex: 'updateTime', hideInSearch: true, width: 170 },
    actionColumn<StockBalance>(100, (r) => <a onClick={() => navigate(ledgerUrl(r.materialId, headquarters ? r.companyId : undefined))}>出入库明细</a>),
  ]

  return (
    <ListPage
      headerTitle="库存"
      noun="库存"
      emptyText="暂无库存：物料入库后在此显示，盘点可录入现有数量"
      columns={columns}
      rowKey={(r: StockBalance) => `${r.companyId}-${r.materialId}`}
      form={{ name: 'stock-search' }}
      formRef={formRef}
      list={(q: StockQuery) => api.findBalances(q)}
      filters={balanceFilters}
      buttons={[
        <Button key="take" type="primary" icon={<AuditOutlined />}
          onClick={() => navigate(stockTakeUrl(headquarters ? formRef.current?.getFieldValue('companyId') : undefined))}>盘点</Button>,
        <Button key="ledger" icon={<HistoryOutlined />} onClick={() => navigate(LEDGER_PATH)}>出入库明细</Button>,
      ]}
      exportList={info ? (filters, opts) => api.exportBalances(info.companyId, filters, opts) : undefined}
    />
  )
}

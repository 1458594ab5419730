/**
 * 出入库明细 (/material/ledger, from 库存管理): the movements of a base's stock, newest first: when,
 * which material, what kind (供货入库, 销售出库, 盘点调整 …), how much (a decrease in red), why, from
 * which document and by whom; searched by material, kind, time and (headquarters) base; export.
 * `?materialId=&companyId=` opens it on one material's ledger.
 */
import { Tag, Typography } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { HQ_COMPANY_ID, type LedgerEntry, type LedgerQuery, type MovementKind } from '@app/contract'
import * as materialsApi from '../../api/materials'
import * as api from '../../api/stock'
import { useUserInfo } from '../../app/session'
import { companyChoices, useCompanyOptions } from '../../components/companies'
import { DATE_RANGE_PROPS } from '../../components/dateRange'
import ListPage from '../../components/ListPage'
import { useChoices } from '../../components/useChoices'
import { quantityText } from '../../features/stock/quantities'
import { KIND_OPTIONS, ledgerFilters, movementSource } from './stockValues'

const KIND_COLORS: Record<MovementKind, string> = {
  received: 'green', purchased: 'green', refunded: 'cyan', shipped: 'orange', sold: 'blue', used: 'purple', lost: 'red', adjusted: 'gold',
}

export default function LedgerPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const bases = useCompanyOptions({ enabled: headquarters }).filter((c) => c.id !== HQ_COMPANY_ID)
  const baseName = new Map(bases.map((b) => [b.id, b.name]))
  const materials = useChoices(['materials', 'options'], materialsApi.materialOptions)

  const columns: ProColumns<LedgerEntry>[] = [
    { title: '时间', dataIndex: 'createTime', valueType: 'dateRange', width: 170, fieldProps: DATE_RANGE_PROPS, render: (_, r) => r.createTime },
    {
      title: '所属基地', dataIndex: 'companyId', width: 160, ellipsis: true, hideInTable: !headquarters, hideInSearch: !headquarters,
      valueType: 'select', fieldProps: { showSearch: true, optionFilterProp: 'label', placeholder: '全部基地', options: companyChoices(bases) },
      render: (_, r) => baseName.get(r.companyId) ?? r.companyId,
    },
    {
      title: '物料', dataIndex: 'materialId', width: 170, ellipsis: true, valueType: 'select',
      fieldProps: { showSearch: true, optionFilterProp: 'label', placeholder: '全部物料', options: materials.map((m) => ({ value: m.id, label: m.name })) },
      render: (_, r) => r.materialName,
    },
    {
      title: '类型', dataIndex: 'kind', width: 100, valueType: 'select', fieldProps: { placeholder: '全部', options: KIND_OPTIONS },
      render: (_, r) => <Tag color={KIND_COLORS[r.kind]}>{r.kindName}</Tag>,
    },
    {
      title: '数量', dataIndex: 'quantity', hideInSearch: true, width: 110, align: 'right',
      render: (_, r) => {
        const out = r.quantity.startsWith('-')
        return <Typography.Text type={out ? 'danger' : 'success'}>{out ? quantityText(r.quantity) : `+${quantityText(r.quantity)}`} {r.unit}</Typography.Text>
      },
    },
    { title: '原因', dataIndex: 'reason', hideInSearch: true, ellipsis: true, render: (_, r) => r.reason || '—' },
    { title: '单据', key: 'source', hideInSearch: true, width: 110, render: (_, r) => movementSource(r) ?? '手工记录' },
    { title: '经办人', dataIndex: 'userName', hideInSearch: true, width: 100, render: (_, r) => r.userName || '—' },
  ]

  return (
    <ListPage
      headerTitle="出入库明细"
      noun="出入库记录"
      columns={columns}
      form={{ name: 'ledger-search' }}
      list={(q: LedgerQuery) => api.findLedger(q)}
      filters={ledgerFilters}
      exportList={info ? (filters, opts) => api.exportLedger(info.companyId, filters, opts) : undefined}
    />
  )
}

/**
 * 物料销售 (menu component key 'sale', permission sale; every base): the sales and refunds of the base
 * (headquarters: of every base) by customer, payment method, kind and time, with export; 销售开单
 * (the seller is the signed-in user); a sale's whole refund, confirmed with its reason (a refund is
 * not refunded again); and its printable receipt, the server's PDF opened in a new tab.
 */
import { useState } from 'react'
import { Tag, Tooltip, Typography } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { HQ_COMPANY_ID, PAYMENT_METHODS, SALE_KINDS, type Sale, type SaleQuery } from '@app/contract'
import { openInNewTab } from '../../components/openInNewTab'
import * as api from '../../api/sales'
import { useUserInfo } from '../../app/session'
import { actionColumn } from '../../components/actionColumn'
import { companyColumn, useCompanyOptions } from '../../components/companies'
import { DATE_RANGE_PROPS, toDateRange } from '../../components/dateRange'
import ListPage from '../../components/ListPage'
import { useListPage } from '../../components/useListPage'
import { linesText } from '../../features/supplySales/materialChoices'
import RefundForm from './RefundForm'
import SaleForm from './SaleForm'
import { yuanText } from './saleValues'

const options = (values: readonly string[]) => values.map((v) => ({ label: v, value: v }))

export default function SalesPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const page = useListPage<Sale>()
  const companies = useCompanyOptions({ enabled: headquarters })
  const [refunding, setRefunding] = useState<Sale | null>(null)

  const columns: ProColumns<Sale>[] = [
    { title: '单号', dataIndex: 'id', width: 60, hideInSearch: true },
    {
      title: '类型', dataIndex: 'kind', width: 110, valueType: 'select', fieldProps: { options: options(SALE_KINDS), placeholder: '全部' },
      render: (_, r) => (r.refundOfId != null
        ? <Tooltip title={r.remark && `退款原因：${r.remark}`}><Tag color="red">退款 · 原单 {r.refundOfId}</Tag></Tooltip>
        : r.refundId != null ? <Tag>已退款</Tag> : <Tag color="green">销售</Tag>),
    },
    companyColumn<Sale>(companies, { inTable: headquarters, inSearch: headquarters, width: 140 }),
    { title: '客户单位', dataIndex: 'customer', width: 130, ellipsis: true, fieldProps: { placeholder: '请输入客户单位', maxLength: 100 } },
    { title: '检验报告', dataIndex: 'reportNumber', width: 150, hideInSearch: true },
    { title: '物料', dataIndex: 'lines', width: 140, ellipsis: true, hideInSearch: true, render: (_, r) => linesText(r.lines) },
    {
      title: '金额', dataIndex: 'total', width: 100, hideInSearch: true, align: 'right',
      render: (_, r) => <Typography.Text type={r.total < 0 ? 'danger' : undefined}>{yuanText(r.total)}</Typography.Text>,
    },
    { title: '付款方式', dataIndex: 'paymentMethod', width: 80, valueType: 'select', fieldProps: { options: options(PAYMENT_METHODS), placeholder: '全部' } },
    { title: '销售人', dataIndex: 'sellerName', width: 80, hideInSearch: true },
    {
      title: '时间', dataIndex: 'createTime', width: 165, valueType: 'dateRange', fieldProps: DATE_RANGE_PROPS,
      search: { transform: (v: unknown) => ({ createTimeQuery: toDateRange(v) }) }, render: (_, r) => r.createTime,
    },
    { title: '备注', dataIndex: 'remark', width: 130, ellipsis: true, hideInSearch: true },
    actionColumn<Sale>(100, (r) => [
      <a key="receipt" role="button" onClick={() => void openInNewTab(() => api.saleReceipt(r.id))}>打印</a>,
      ...(r.refundOfId == null && r.refundId == null ? [<a key="refund" role="button" onClick={() => setRefunding(r)}>退款</a>] : []),
    ]),
  ]

  return (
    <>
      <ListPage<Sale, SaleQuery>
        headerTitle="销售列表" noun="销售记录" page={page} columns={columns}
        list={api.findSales}
        // 备注 (a refund's reason, also on its tag) one click away in 列设置, so the rest fit 1440 px
        columnsState={{ defaultValue: { remark: { show: false } } }}
        exportList={(filters, opts) => api.exportSales(info?.companyId ?? HQ_COMPANY_ID, filters, opts)}
        dialog={(form) => <SaleForm {...form} sellerName={info?.name ?? ''} canPickReport={!!info?.permissions.includes('trace')} />}
      />
      {refunding && <RefundForm sale={refunding} onClose={() => setRefunding(null)} onDone={() => { setRefunding(null); page.reload() }} />}
    </>
  )
}

/**
 * 供货单 (menu component key 'supply_order', permission company_material): the orders this base placed
 * with its supplier and those placed with it. The supplier confirms and ships (its stock goes down),
 * the buyer receives (its stock goes up), either side cancels before shipping; each step is offered
 * only to the side that may take it, behind a confirm. A refused step (409: the order moved on
 * meanwhile) shows the server's message and the list is read again.
 */
import { App, Tag, Tooltip } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { HQ_COMPANY_ID, type SupplyOrder, type SupplyOrderQuery } from '@app/contract'
import * as api from '../../api/supplyOrders'
import { isHandled } from '../../api/request'
import { useUserInfo } from '../../app/session'
import { DANGER_COLOR } from '../../app/theme'
import { actionColumn } from '../../components/actionColumn'
import { companyChoices, useCompanyOptions } from '../../components/companies'
import { DATE_RANGE_PROPS, toDateRange } from '../../components/dateRange'
import ListPage from '../../components/ListPage'
import { useListPage } from '../../components/useListPage'
import { linesText } from '../../features/supplySales/materialChoices'
import SupplyOrderForm from './SupplyOrderForm'
import { STATUS_COLORS, statusOptions, STEP_CONFIRMS, STEP_LABELS, stepsFor, type SupplyStep } from './supplyOrderValues'

const STEP_CALLS: Record<SupplyStep, (id: number) => Promise<SupplyOrder>> = {
  ship: api.shipSupplyOrder, receive: api.receiveSupplyOrder, cancel: api.cancelSupplyOrder,
}
/** 方向 (a base's own filter): the orders it placed, or those placed with it */
const SIDES = [{ label: '本基地采购', value: 'buy' }, { label: '本基地供货', value: 'supply' }]

/** when the order was shipped and received, for the status tag's tooltip */
const stepTimes = (o: SupplyOrder) =>
  [o.shipTime && `发货：${o.shipTime}`, o.receiveTime && `收货：${o.receiveTime}`].filter(Boolean).join('，') || undefined

export default function SupplyOrdersPage() {
  const info = useUserInfo()
  const me = info?.companyId
  const headquarters = me === HQ_COMPANY_ID
  const page = useListPage<SupplyOrder>()
  const { modal, message } = App.useApp()
  const companies = useCompanyOptions({ enabled: headquarters })

  const take = (order: SupplyOrder, step: SupplyStep) => modal.confirm({
    title: STEP_LABELS[step], content: STEP_CONFIRMS[step](order), okText: '确定', cancelText: '取消',
    okButtonProps: { danger: step === 'cancel' },
    onOk: async () => {
      try {
        const done = await STEP_CALLS[step](order.id)
        message.success(`供货单 ${done.id} ${done.statusName}`)
      } catch (e) {
        // the request client showed why (a 409 names both states); the list shows where the order is now
        if (isHandled(e)) return
      }
      page.reload()
    },
  })

  const baseColumn = (title: string, name: 'companyName' | 'supplierCompanyName', filter: 'companyId' | 'supplierCompanyId'): ProColumns<SupplyOrder> => ({
    title, dataIndex: name, width: 150, ellipsis: true, valueType: 'select', hideInSearch: !headquarters,
    fieldProps: { showSearch: true, optionFilterProp: 'label', placeholder: '全部基地', options: companyChoices(companies) },
    search: { transform: (v: number) => ({ [filter]: v }) },
  })

  const columns: ProColumns<SupplyOrder>[] = [
    { title: '单号', dataIndex: 'id', width: 60, hideInSearch: true },
    {
      title: '状态', dataIndex: 'status', width: 90, valueType: 'select', fieldProps: { options: statusOptions, placeholder: '全部' },
      render: (_, r) => <Tooltip title={stepTimes(r)}><Tag color={STATUS_COLORS[r.status]}>{r.statusName}</Tag></Tooltip>,
    },
    ...(headquarters ? [] : [{
      title: '方向', dataIndex: 'side', hideInTable: true, valueType: 'select' as const, fieldProps: { options: SIDES, placeholder: '全部' },
      search: { transform: (v: string) => (v === 'buy' ? { companyId: me } : { supplierCompanyId: me }) },
    }]),
    baseColumn('采购基地', 'companyName', 'companyId'),
    baseColumn('供货基地', 'supplierCompanyName', 'supplierCompanyId'),
    { title: '物料', dataIndex: 'lines', width: 190, ellipsis: true, hideInSearch: true, render: (_, r) => linesText(r.lines) },
    { title: '下单人', dataIndex: 'userName', width: 80, hideInSearch: true },
    {
      title: '下单时间', dataIndex: 'createTime', width: 165, valueType: 'dateRange', fieldProps: DATE_RANGE_PROPS,
      search: { transform: (v: unknown) => ({ createTimeQuery: toDateRange(v) }) }, render: (_, r) => r.createTime,
    },
    { title: '发货时间', dataIndex: 'shipTime', width: 165, hideInSearch: true },
    { title: '收货时间', dataIndex: 'receiveTime', width: 165, hideInSearch: true },
    { title: '备注', dataIndex: 'remark', width: 100, ellipsis: true, hideInSearch: true },
    actionColumn<SupplyOrder>(150, (r) => stepsFor(r, me).map((step) => (
      <a key={step} role="button" style={step === 'cancel' ? { color: DANGER_COLOR } : undefined} onClick={() => take(r, step)}>{STEP_LABELS[step]}</a>
    ))),
  ]

  return (
    <ListPage<SupplyOrder, SupplyOrderQuery>
      headerTitle="供货单" noun="供货单" page={page} columns={columns}
      list={api.findSupplyOrders}
      // the shipping and receiving times are on the status tag's tooltip, and one click away in 列设置
      columnsState={{ defaultValue: { shipTime: { show: false }, receiveTime: { show: false } } }}
      dialog={headquarters ? undefined : (form) => <SupplyOrderForm {...form} companyId={me!} />}
    />
  )
}

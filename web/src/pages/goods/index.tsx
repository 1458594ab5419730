/**
 * 物品列表 (spec 001 §2 "Goods list", §3, §4, §7 "Goods"): search by description text (name, ticket number
 * and the text read on the photos, one misread character allowed) and the filters, photos as thumbnails,
 * pages of 20, add/edit, delete after its confirm, 标记可疑 / 作废, 查看 opening the detail read-only,
 * the phone and ID number masked with an eye for admins, 导出 of what the filters select, 以图搜物 (PhotoSearch).
 */
import { App, Tag, Typography } from 'antd'
import { useNavigate } from 'react-router-dom'
import type { ProColumns } from '@ant-design/pro-components'
import { GoodsMsg, HQ_COMPANY_ID, mayRevealPersonalData, type Goods, type GoodsQuery } from '@app/contract'
import * as goodsApi from '../../api/goods'
import { useUserInfo } from '../../app/session'
import { editDeleteColumn } from '../../components/actionColumn'
import { companyChoices, useCompanyOptions } from '../../components/companies'
import { confirmDanger } from '../../components/confirmAction'
import { toDateRange } from '../../components/dateRange'
import { shownWidth } from '../../components/fitColumns'
import ListPage from '../../components/ListPage'
import { useListPage } from '../../components/useListPage'
import GoodsForm from './GoodsForm'
import { PhotoSearchButton } from './PhotoSearch'
import { GoodsThumbs } from './GoodsPictures'
import Revealable from '../../components/Revealable'
import { CATEGORY_OPTIONS, detailUrl, DOUBTABLE_OPTIONS, goodsColumnsState, goodsFilters, INVALID_OPTIONS } from './goodsValues'

export default function GoodsPage() {
  const info = useUserInfo()
  const app = App.useApp()
  const navigate = useNavigate()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const mayReveal = mayRevealPersonalData(info?.nickName)
  const page = useListPage<Goods>()
  const companies = useCompanyOptions({ enabled: headquarters })

  const mark = (r: Goods, body: Parameters<typeof goodsApi.updateGoods>[1], question: string, done: string) =>
    confirmDanger(app, question, () => goodsApi.updateGoods(r.id, body), done, page.reload)

  const columns: ProColumns<Goods>[] = [
    { title: '描述文字', dataIndex: 'imagetext', hideInTable: true, fieldProps: { placeholder: '名称、当票号或照片上的文字', maxLength: 100 } },
    { title: '照片', dataIndex: 'goodsPicIds', hideInSearch: true, width: 80, render: (_, r) => <GoodsThumbs ids={r.goodsPicIds.slice(0, 1)} name={r.name} /> },
    {
      title: '物品名称', dataIndex: 'name', width: 180, ellipsis: true, fieldProps: { maxLength: 100 },
      render: (_, r) => (r.isInvalid === '是' ? <>{r.name} <Tag>已作废</Tag></> : r.name),
    },
    { title: '物品类别', dataIndex: 'category', width: 90, valueType: 'select', fieldProps: { options: CATEGORY_OPTIONS, placeholder: '全部' } },
    { title: '当票号', dataIndex: 'ticketNumber', width: 150, copyable: true, fieldProps: { maxLength: 50 } },
    { title: '当票时间', dataIndex: 'pawnTime', hideInSearch: true, width: 165 },
    { title: '当户姓名', dataIndex: 'pawnName', width: 90, fieldProps: { maxLength: 50 } },
    {
      title: '手机号', dataIndex: 'phone', width: 150, fieldProps: { maxLength: 11 },
      render: (_, r) => <Revealable field="phone" masked={r.phone} allowed={mayReveal} reveal={() => goodsApi.revealGoods(r.id, 'phone')} />,
    },
    {
      title: '身份证号', dataIndex: 'idNumber', width: 215, fieldProps: { maxLength: 18 },
      render: (_, r) => <Revealable field="idNumber" masked={r.idNumber} allowed={mayReveal} reveal={() => goodsApi.revealGoods(r.id, 'idNumber')} />,
    },
    {
      title: '是否可疑', dataIndex: 'doubtable', width: 90, valueType: 'select', fieldProps: { options: DOUBTABLE_OPTIONS, placeholder: '全部' },
      render: (_, r) => <Tag color={r.doubtable === '可疑' ? 'red' : 'default'}>{r.doubtable}</Tag>,
    },
    {
      title: '是否作废', dataIndex: 'isInvalid', width: 90, valueType: 'select', fieldProps: { options: INVALID_OPTIONS, placeholder: '全部' },
      render: (_, r) => (r.isInvalid === '是' ? <Tag color="default">已作废</Tag> : <Typography.Text type="secondary">否</Typography.Text>),
    },
    {
      title: '所属基地', dataIndex: 'shopName', width: 180, ellipsis: true, hideInTable: !headquarters, hideInSearch: !headquarters,
      valueType: 'select', fieldProps: { showSearch: true, optionFilterProp: 'label', placeholder: '全部基地', options: companyChoices(companies) },
      search: { transform: (value: number) => ({ shopId: value }) },
    },
    {
      title: '登记时间', dataIndex: 'createTime', width: 165, valueType: 'dateRange', fieldProps: { placeholder: ['开始日期', '结束日期'] },
      search: { transform: (value: unknown) => ({ createTimeQuery: toDateRange(value) }) }, render: (_, r) => r.createTime,
    },
    editDeleteColumn(230, {
      onEdit: page.openEdit,
      links: (r) => [
        <a key="view" onClick={() => navigate(detailUrl(r.id))}>查看</a>,
        r.doubtable === '可疑'
          ? <a key="doubt" onClick={() => mark(r, { doubtable: '正常' }, GoodsMsg.markNormal, '已取消可疑标记')}>取消可疑</a>
          : <a key="doubt" onClick={() => mark(r, { doubtable: '可疑' }, GoodsMsg.markDoubtable, '已标记为可疑')}>标记可疑</a>,
        r.isInvalid === '是'
          ? <a key="invalid" onClick={() => mark(r, { isInvalid: '否' }, GoodsMsg.markValid, '已恢复')}>恢复</a>
          : <a key="invalid" onClick={() => mark(r, { isInvalid: '是' }, GoodsMsg.markInvalid, '已作废')}>作废</a>,
      ],
      remove: (r) => ({ description: `${GoodsMsg.deleteConfirm}（${r.name}，当票号 ${r.ticketNumber}）`, onDelete: () => goodsApi.deleteGoods(r.id), onDeleted: page.reload }),
    }),
  ]

  return (
    <ListPage
      headerTitle="物品列表"
      noun="物品"
      page={page}
      dialog={(form) => <GoodsForm {...form} shops={headquarters ? companyChoices(companies) : []} />}
      columns={columns}
      buttons={[<PhotoSearchButton key="photo" showShop={headquarters} />]}
      columnsState={goodsColumnsState}
      scroll={{ x: shownWidth(columns, goodsColumnsState.defaultValue) }}
      form={{ name: 'goods-search' }}
      list={(q: GoodsQuery) => goodsApi.findGoods(q)}
      filters={goodsFilters}
      exportList={info ? (filters, opts) => goodsApi.exportGoods(info.companyId, filters, opts) : undefined}
    />
  )
}

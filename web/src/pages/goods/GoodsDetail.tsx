/**
 * 物品详情 (/goodsDetail/index?id=; the spec's TraceDetail opened from the goods list, 001 §2): the item with
 * its photos and ticket, the phone and ID number masked (eye for admins), its marks. Without `?active` the
 * marks may be changed and 保存d, and 删除 and 关闭 are offered; the list's 查看 sets `active`: read only.
 */
import { useState } from 'react'
import { App, Button, Card, Descriptions, Radio, Result, Skeleton, Space, Tag, Typography } from 'antd'
import { useNavigate } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { GoodsMsg, mayRevealPersonalData, Msg, type Goods } from '@app/contract'
import * as goodsApi from '../../api/goods'
import { useUserInfo } from '../../app/session'
import { confirmDanger } from '../../components/confirmAction'
import { submitDialog } from '../../components/dialogForm'
import { useRecordById } from '../../components/useRecordById'
import { GoodsThumb, GoodsThumbs } from './GoodsPictures'
import Revealable from '../../components/Revealable'
import { DOUBTABLE_OPTIONS, INVALID_OPTIONS } from './goodsValues'

const LIST_PATH = '/imagesearch/index'
const GOODS_KEY = ['goods', 'detail']

export default function GoodsDetailPage() {
  const app = App.useApp()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const info = useUserInfo()
  const { id, params, data: goods, error, reload } = useRecordById<Goods>({ key: GOODS_KEY, load: goodsApi.getGoods, missing: '未指定要查看的物品' })
  const active = params.has('active')
  const [marks, setMarks] = useState<Pick<Goods, 'doubtable' | 'isInvalid'> | null>(null)

  if (error) return <Result status="warning" title={error} extra={<Button onClick={reload}>重试</Button>} />
  if (!goods) return <Card><Skeleton active paragraph={{ rows: 10 }} /></Card>

  const shown = marks ?? { doubtable: goods.doubtable, isInvalid: goods.isInvalid }
  const mayReveal = mayRevealPersonalData(info?.nickName)
  const save = () => submitDialog(() => goodsApi.updateGoods(id, shown), Msg.updated, () => {
    setMarks(null)
    void queryClient.invalidateQueries({ queryKey: GOODS_KEY })
  })
  const remove = () => confirmDanger(app, `${GoodsMsg.deleteConfirm}（${goods.name}）`, () => goodsApi.deleteGoods(id), Msg.deleted, () => {
    queryClient.removeQueries({ queryKey: GOODS_KEY })
    navigate(LIST_PATH)
  })

  return (
    <Card
      title={<Space>物品详情 <Typography.Text type="secondary">#{goods.id}</Typography.Text>{goods.doubtable === '可疑' && <Tag color="red">可疑</Tag>}{goods.isInvalid === '是' && <Tag>已作废</Tag>}</Space>}
      extra={!active && (
        <Space wrap>
          <Button type="primary" onClick={save} disabled={!marks}>保存</Button>
          <Button danger onClick={remove}>删除</Button>
          <Button onClick={() => navigate(LIST_PATH)}>关闭</Button>
        </Space>
      )}
    >
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} labelStyle={{ width: 110 }}>
        <Descriptions.Item label="物品名称">{goods.name}</Descriptions.Item>
        <Descriptions.Item label="物品类别">{goods.category}</Descriptions.Item>
        <Descriptions.Item label="当票号">{goods.ticketNumber}</Descriptions.Item>
        <Descriptions.Item label="当票时间">{goods.pawnTime}</Descriptions.Item>
        <Descriptions.Item label="当户姓名">{goods.pawnName}</Descriptions.Item>
        <Descriptions.Item label="手机号"><Revealable field="phone" masked={goods.phone} allowed={mayReveal} reveal={() => goodsApi.revealGoods(goods.id, 'phone')} /></Descriptions.Item>
        <Descriptions.Item label="身份证号"><Revealable field="idNumber" masked={goods.idNumber} allowed={mayReveal} reveal={() => goodsApi.revealGoods(goods.id, 'idNumber')} /></Descriptions.Item>
        <Descriptions.Item label="所属基地">{goods.shopName}</Descriptions.Item>
        <Descriptions.Item label="是否可疑">
          {active ? goods.doubtable : <Radio.Group optionType="button" options={DOUBTABLE_OPTIONS} value={shown.doubtable} onChange={(e) => setMarks({ ...shown, doubtable: e.target.value })} />}
        </Descriptions.Item>
        <Descriptions.Item label="是否作废">
          {active ? goods.isInvalid : <Radio.Group optionType="button" options={INVALID_OPTIONS} value={shown.isInvalid} onChange={(e) => setMarks({ ...shown, isInvalid: e.target.value })} />}
        </Descriptions.Item>
        <Descriptions.Item label="登记时间">{goods.createTime}</Descriptions.Item>
        <Descriptions.Item label="照片文字">{goods.photoText || <Typography.Text type="secondary">（尚未识别或没有文字）</Typography.Text>}</Descriptions.Item>
        <Descriptions.Item label="物品照片" span={2}><GoodsThumbs ids={goods.goodsPicIds} size={120} name={goods.name} /></Descriptions.Item>
        <Descriptions.Item label="当票照片" span={2}><GoodsThumb id={goods.ticketPicId} size={120} alt="当票照片" /></Descriptions.Item>
      </Descriptions>
    </Card>
  )
}

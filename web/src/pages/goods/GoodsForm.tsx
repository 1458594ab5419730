/**
 * 新增/编辑物品 (spec 001 §4: add with a blank model, edit a copy of the row; save updates when it has an
 * id). The rules are the contract's; the edit never holds the full phone or ID number: left empty, they stay.
 */
import dayjs from 'dayjs'
import { ModalForm, ProForm, ProFormDateTimePicker, ProFormSelect, ProFormText } from '@ant-design/pro-components'
import { ATTACHMENT_TYPES, goodsFields, GoodsMsg, type Goods } from '@app/contract'
import * as goodsApi from '../../api/goods'
import AttachmentUpload from '../../components/AttachmentUpload'
import { editDialog, type EditDialogProps } from '../../components/editDialog'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaText } from '../../components/SchemaField'
import { retypePlaceholder as retype, whenTyped, zodRule } from '../../components/zodRule'
import { PictureListUpload } from './GoodsPictures'
import { CATEGORY_OPTIONS, editedGoodsBody, editValues, newGoodsBody, type GoodsFormValues } from './goodsValues'

export default function GoodsForm({ shops, defaultShopId, ...dialog }: EditDialogProps<Goods> & {
  /** headquarters picks the base (empty for a base's own users) */
  shops: { label: string; value: number }[]
  defaultShopId?: number
}) {
  const { editing } = dialog
  const initialValues: Partial<GoodsFormValues> = editing ? editValues(editing) : { category: '黄金', goodsPicIds: [], shopId: defaultShopId }

  return (
    <ModalForm<GoodsFormValues>
      {...editDialog(dialog, {
        noun: '物品',
        labelWidth: 90,
        create: (v: GoodsFormValues) => goodsApi.saveGoods(newGoodsBody(v)),
        update: (row: Goods, v: GoodsFormValues) => goodsApi.updateGoods(row.id, editedGoodsBody(v)),
      })}
      width={720}
      initialValues={initialValues}
      name="goods"
    >
      {shops.length > 0 && (
        <ProFormSelect name="shopId" label="所属基地" options={shops} rules={[{ required: true, message: '基地不能为空' }]} fieldProps={{ showSearch: true, optionFilterProp: 'label' }} />
      )}
      <SchemaText name="name" label="物品名称" placeholder="如：周大福足金手镯" schema={goodsFields.name} />
      <ProFormSelect name="category" label="物品类别" options={CATEGORY_OPTIONS} rules={[zodRule(goodsFields.category)]} allowClear={false} />
      <SchemaText name="ticketNumber" label="当票号" schema={goodsFields.ticketNumber} />
      <ProFormDateTimePicker
        name="pawnTime" label="当票时间" width="md"
        fieldProps={{ format: 'YYYY-MM-DD HH:mm:ss', disabledDate: (d) => d.isAfter(dayjs(), 'day') }}
        rules={[
          { required: true, message: '当票时间不能为空' },
          { validator: async (_r, v) => { if (v && dayjs(v).isAfter(dayjs().add(1, 'minute'))) throw new Error(GoodsMsg.pawnTimeFuture) } },
        ]}
      />
      <SchemaText name="pawnName" label="当户姓名" schema={goodsFields.pawnName} />
      {editing ? (
        <>
          <ProFormText name="phone" label="手机号" placeholder={retype(editing.phone)} fieldProps={{ maxLength: 11 }} rules={[whenTyped(zodRule(goodsFields.phone))]} />
          <ProFormText name="idNumber" label="身份证号" placeholder={retype(editing.idNumber)} fieldProps={{ maxLength: 18 }} rules={[whenTyped(zodRule(goodsFields.idNumber))]} />
        </>
      ) : (
        <>
          <SchemaText name="phone" label="手机号" placeholder="11位手机号" schema={goodsFields.phone} />
          <SchemaText name="idNumber" label="身份证号" placeholder="18位身份证号" schema={goodsFields.idNumber} />
        </>
      )}
      <ProForm.Item name="goodsPicIds" label="物品照片" rules={[zodRule(goodsFields.goodsPicIds)]} extra="至少一张，最多九张；保存后会识别照片上的文字，用于按描述查找">
        <PictureListUpload />
      </ProForm.Item>
      <ProForm.Item name="ticketPicId" label="当票照片" rules={[{ required: true, message: '请上传当票照片' }]}>
        <AttachmentUpload picture accept="image/*" fileType={ATTACHMENT_TYPES.goodsPicture} />
      </ProForm.Item>
      <HiddenSubmit />
    </ModalForm>
  )
}

/**
 * 新增/编辑第N收货地: the spec's required fields (收货地址, 收货净重, 签收人姓名, 收货时间, 结算单位), the
 * server's format checks, and the destination's ticket picture through `/logistics/upload`.
 */
import { useState } from 'react'
import { App, DatePicker, Form, Progress, Upload } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { ModalForm, ProFormDigit } from '@ant-design/pro-components'
import {
  DATE_TIME_FORMAT, DESTINATION_REQUIRED, destinationBody, destinationName, UploadMsg, WEIGHT_MAX_TONS, type DestinationBody,
} from '@app/contract'
import { isHandled } from '../../api/request'
import * as transportsApi from '../../api/transports'
import { dialogFormProps } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaText, SchemaTextArea } from '../../components/SchemaField'
import { zodRule } from '../../components/zodRule'
import { imageProblem } from '../ticketPictures/tester'
import { timeFieldProps } from './TicketForm'
import { newDestinationKey, type DestinationRow } from './uploadValues'
import { useServerPicture } from '../ticketPictures/usePictureSrc'

const fields = destinationBody.shape
type RequiredFields = Partial<Record<keyof DestinationBody, string>>
const NOT_TEXT = new Set<keyof DestinationBody>(['signTime', 'weight', 'bags', 'signGrossWeight', 'signTareWeight'])
/**
 * The field's required rule when the dialog requires it. `whitespace` on text only: any key beside
 * required/message turns the check into a string type check, which a number or a date never passes.
 */
const requiredRule = (required: RequiredFields, key: keyof DestinationBody) => {
  const message = required[key]
  if (!message) return []
  return [NOT_TEXT.has(key) ? { required: true, message } : { required: true, whitespace: true, message }]
}

/** The picture of the destination's ticket: its URL is the form value. */
function DestinationPicture({ value, onChange }: { value?: string | null; onChange?: (url: string | null) => void }) {
  const { message } = App.useApp()
  const [percent, setPercent] = useState<number | null>(null)
  const { src } = useServerPicture(value)
  return (
    <>
      <Upload
        accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
        listType="picture-card"
        maxCount={1}
        fileList={value ? [{ uid: value, name: '收货地票据', status: 'done', url: src, thumbUrl: src }] : []}
        showUploadList={{ showPreviewIcon: false }}
        beforeUpload={(file) => {
          const problem = imageProblem(file)
          if (problem) message.error(problem, 5)
          return problem ? Upload.LIST_IGNORE : true
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setPercent(0)
          try {
            const url = await transportsApi.uploadDestinationPicture(file as File, { silent: true, onUploadProgress: setPercent })
            onChange?.(url)
            onSuccess?.(url)
            message.success(UploadMsg.uploaded)
          } catch (e) {
            if (!isHandled(e)) message.error(`${UploadMsg.uploadFailed}：${(e as Error).message}`, 5)
            onError?.(e as Error)
          } finally {
            setPercent(null)
          }
        }}
        onRemove={() => {
          onChange?.(null)
          return true
        }}
      >
        {value ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>上传票据</div>
          </button>
        )}
      </Upload>
      {percent !== null && <Progress percent={percent} size="small" format={(p) => `上传中 ${p ?? 0}%`} style={{ maxWidth: 240 }} />}
    </>
  )
}

export default function DestinationForm({ open, ordinal, editing, onOpenChange, onSave, required = DESTINATION_REQUIRED }: {
  open: boolean
  /** 2 … 9 */
  ordinal: number
  /** null: a new destination */
  editing: DestinationRow | null
  onOpenChange: (open: boolean) => void
  /** keeps the row; answers the message why it could not (the row is gone), else null */
  onSave: (row: DestinationRow) => string | null
  /** field -> message of the required fields (the edit page's dialog: EDIT_DESTINATION_REQUIRED) */
  required?: RequiredFields
}) {
  const { message } = App.useApp()
  const name = destinationName(ordinal)
  const weightProps = { min: 0, max: WEIGHT_MAX_TONS, fieldProps: { precision: 2, step: 0.01, addonAfter: '吨', style: { width: '100%' } } }

  return (
    <ModalForm<DestinationBody>
      {...dialogFormProps(100)}
      title={`${editing ? '编辑' : '新增'}${name}`}
      open={open}
      onOpenChange={onOpenChange}
      width={640}
      name="destination"
      initialValues={editing ?? undefined}
      onFinish={async (values) => {
        const row: DestinationRow = { ...values, key: editing?.key ?? newDestinationKey() }
        const problem = onSave(row)
        if (problem) message.error(problem)
        else message.success(UploadMsg.destinationSaved)
        return true
      }}
    >
      <SchemaText name="dest" label="收货单位" schema={fields.dest} rules={requiredRule(required, 'dest')} />
      <SchemaText name="address" label="收货地址" schema={fields.address} rules={requiredRule(required, 'address')} />
      <Form.Item name="signTime" label="收货时间" rules={[...requiredRule(required, 'signTime'), zodRule(fields.signTime)]} {...timeFieldProps}>
        <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} placeholder="选择时间" />
      </Form.Item>
      <ProFormDigit name="weight" label="收货净重" rules={requiredRule(required, 'weight')} {...weightProps} />
      <ProFormDigit name="bags" label="袋数" min={0} fieldProps={{ precision: 0, addonAfter: '袋', style: { width: '100%' } }} />
      <ProFormDigit name="signGrossWeight" label="毛重" {...weightProps} />
      <ProFormDigit name="signTareWeight" label="皮重" {...weightProps} />
      <SchemaText name="signUser" label="签收人姓名" schema={fields.signUser} rules={requiredRule(required, 'signUser')} />
      <SchemaText name="signSettlement" label="结算单位" schema={fields.signSettlement} rules={requiredRule(required, 'signSettlement')} />
      <SchemaTextArea name="signAdditional" label="备注" schema={fields.signAdditional} fieldProps={{ autoSize: { minRows: 2, maxRows: 4 } }} />
      <Form.Item name="picUrl" label="票据图片">
        <DestinationPicture />
      </Form.Item>
      <HiddenSubmit />
    </ModalForm>
  )
}

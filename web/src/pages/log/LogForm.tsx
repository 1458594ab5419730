/** 新增/编辑日志: type 日志 (0) or 告警 (1), content required (≤ 2000), optional serial number and account. */
import { ModalForm, ProFormRadio, ProFormText, ProFormTextArea } from '@ant-design/pro-components'
import { logBody as logBodySchema, Msg, type LogEntry } from '@app/contract'
import * as logsApi from '../../api/logs'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'
import { zodRule } from '../../components/zodRule'
import { LOG_LEVEL_OPTIONS, logBody, type LogFormValues } from './logValues'

const fields = logBodySchema.shape

export default function LogForm({ open, editing, defaultPhone, onOpenChange, onSaved }: {
  open: boolean
  editing: LogEntry | null
  /** the account a new entry names (the signed-in user) */
  defaultPhone?: string
  onOpenChange: (open: boolean) => void
  onSaved: () => void
}) {
  const initialValues: Partial<LogFormValues> = editing
    ? { level: editing.level, errorMes: editing.errorMes, serialNumber: editing.serialNumber ?? '', phone: editing.phone ?? '' }
    : { level: 0, phone: defaultPhone ?? '' }

  const onFinish = (values: LogFormValues) => submitDialog(
    () => (editing ? logsApi.updateLog(editing.id, logBody(values)) : logsApi.saveLog(logBody(values))),
    editing ? Msg.updated : Msg.created,
    onSaved,
  )

  return (
    <ModalForm<LogFormValues>
      title={editing ? '编辑日志' : '新增日志'}
      open={open}
      onOpenChange={onOpenChange}
      width={600}
      {...dialogFormProps(80)}
      initialValues={initialValues}
      onFinish={onFinish}
      name="log-entry"
    >
      <ProFormRadio.Group
        name="level"
        label="类型"
        radioType="button"
        options={LOG_LEVEL_OPTIONS}
        rules={[zodRule(fields.level)]}
      />
      <ProFormTextArea
        name="errorMes"
        label="内容"
        placeholder="请输入日志内容"
        fieldProps={{ autoSize: { minRows: 3, maxRows: 8 }, maxLength: 2000, showCount: true }}
        rules={[zodRule(fields.errorMes)]}
      />
      <ProFormText
        name="serialNumber"
        label="流水号"
        placeholder="可不填"
        fieldProps={{ maxLength: 64 }}
        rules={[zodRule(fields.serialNumber)]}
      />
      <ProFormText
        name="phone"
        label="账号"
        placeholder="可不填"
        fieldProps={{ maxLength: 64 }}
        rules={[zodRule(fields.phone)]}
      />
      <HiddenSubmit />
    </ModalForm>
  )
}

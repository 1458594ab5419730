/** 新增/编辑日志: type 日志 (0) or 告警 (1), content required (≤ 2000), optional serial number and account. */
import { ModalForm } from '@ant-design/pro-components'
import { logBody as logBodySchema, type LogEntry } from '@app/contract'
import * as logsApi from '../../api/logs'
import { editDialog, saveBody, type EditDialogProps } from '../../components/editDialog'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaRadio, SchemaText, SchemaTextArea } from '../../components/SchemaField'
import { LOG_LEVEL_OPTIONS, logBody, type LogFormValues } from './logValues'

const fields = logBodySchema.shape

export default function LogForm({ defaultPhone, ...dialog }: EditDialogProps<LogEntry> & {
  /** the account a new entry names (the signed-in user) */
  defaultPhone?: string
}) {
  const { editing } = dialog
  const initialValues: Partial<LogFormValues> = editing
    ? { level: editing.level, errorMes: editing.errorMes, serialNumber: editing.serialNumber ?? '', phone: editing.phone ?? '' }
    : { level: 0, phone: defaultPhone ?? '' }

  return (
    <ModalForm<LogFormValues>
      {...editDialog(dialog, {
        noun: '日志',
        labelWidth: 80,
        ...saveBody(logsApi.saveLog, logsApi.updateLog, logBody),
      })}
      width={600}
      initialValues={initialValues}
      name="log-entry"
    >
      <SchemaRadio name="level" label="类型" options={LOG_LEVEL_OPTIONS} schema={fields.level} />
      <SchemaTextArea
        name="errorMes"
        label="内容"
        placeholder="请输入日志内容"
        schema={fields.errorMes}
        fieldProps={{ autoSize: { minRows: 3, maxRows: 8 }, showCount: true }}
      />
      <SchemaText name="serialNumber" label="流水号" placeholder="可不填" schema={fields.serialNumber} />
      <SchemaText name="phone" label="账号" placeholder="可不填" schema={fields.phone} />
      <HiddenSubmit />
    </ModalForm>
  )
}

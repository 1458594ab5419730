/** 新增/编辑票据格式: a ModalForm checked with the server's own rules (contract receiptFormatBody). */
import { Form } from 'antd'
import { ModalForm, ProFormDependency, ProFormDigit, ProFormSelect } from '@ant-design/pro-components'
import { FORMAT_RANK, receiptFormatBody, type ReceiptFormat, type TicketField, type TicketType } from '@app/contract'
import * as formatsApi from '../../api/receiptFormats'
import { editDialog, saveBody, type EditDialogProps } from '../../components/editDialog'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaRadio, SchemaText, SchemaTextArea } from '../../components/SchemaField'
import { fieldOptions, keepFieldsOfType, TICKET_TYPE_OPTIONS } from '../../components/ticketFields'
import { zodRule } from '../../components/zodRule'
import { formatBody } from './formatValues'

export interface FormatFormValues {
  name: string
  type: TicketType
  regular?: string
  rankcom: number | null
  excludeKeywords?: string
  requiredFields?: TicketField[]
  description?: string
}

const SEPARATORS_HELP = '关键字之间用逗号、空格或 | 分隔'
const fields = receiptFormatBody.shape

export default function FormatForm(dialog: EditDialogProps<ReceiptFormat>) {
  const { editing } = dialog
  const [form] = Form.useForm<FormatFormValues>()
  const initialValues: Partial<FormatFormValues> = editing
    ? {
        name: editing.name, type: editing.type, regular: editing.regular ?? '', rankcom: editing.rankcom,
        excludeKeywords: editing.excludeKeywords ?? '', requiredFields: editing.requiredFields ?? [], description: editing.description ?? '',
      }
    : { type: 1, rankcom: 0, requiredFields: [] }

  return (
    <ModalForm<FormatFormValues>
      {...editDialog(dialog, {
        noun: '票据格式',
        labelWidth: 96,
        ...saveBody(formatsApi.saveFormat, formatsApi.updateFormat, formatBody),
      })}
      width={640}
      initialValues={initialValues}
      form={form}
      onValuesChange={(changed: Partial<FormatFormValues>, all: FormatFormValues) => {
        if ('type' in changed) form.setFieldValue('requiredFields', keepFieldsOfType(all.requiredFields, changed.type))
      }}
      name="receipt-format"
    >
      <SchemaText name="name" label="名称" placeholder="如：水泥发货单" schema={fields.name} fieldProps={{ showCount: true }} />
      <SchemaRadio name="type" label="类型" options={TICKET_TYPE_OPTIONS} schema={fields.type} />
      <SchemaTextArea
        name="regular"
        label="匹配规则"
        tooltip={`正则表达式，或关键字（${SEPARATORS_HELP}；逗号、空格分隔的各组都须出现，| 表示“或”）。留空则匹配该类型的所有票据。`}
        placeholder="如：发货单|出库单；留空匹配该类型的所有票据"
        schema={fields.regular}
        fieldProps={{ autoSize: { minRows: 2, maxRows: 5 }, style: { fontFamily: 'monospace' } }}
      />
      <ProFormDigit
        name="rankcom"
        label="权重"
        tooltip={`${FORMAT_RANK.min}～${FORMAT_RANK.max} 的整数；多个格式都匹配时，权重高的优先`}
        fieldProps={{ style: { width: 160 }, keyboard: true }}
        min={Number.MIN_SAFE_INTEGER}
        max={Number.MAX_SAFE_INTEGER}
        rules={[zodRule(fields.rankcom)]}
      />
      <SchemaText
        name="excludeKeywords"
        label="排除关键字"
        tooltip={`票据文字中出现任一关键字时不使用该格式；${SEPARATORS_HELP}`}
        placeholder="可不填"
        schema={fields.excludeKeywords}
      />
      <ProFormDependency name={['type']}>
        {({ type }: { type?: TicketType }) => (
          <ProFormSelect
            name="requiredFields"
            label="必填字段"
            tooltip="这些字段未识别出时，改用下一个匹配的格式"
            mode="multiple"
            placeholder={type ? '可不选' : '请先选择类型'}
            options={fieldOptions(type)}
            fieldProps={{ allowClear: true, optionFilterProp: 'label', maxTagCount: 'responsive' }}
            disabled={!type}
          />
        )}
      </ProFormDependency>
      <SchemaTextArea
        name="description"
        label="描述"
        placeholder="可不填"
        schema={fields.description}
        fieldProps={{ autoSize: { minRows: 2, maxRows: 4 }, showCount: true }}
      />
      <HiddenSubmit />
    </ModalForm>
  )
}

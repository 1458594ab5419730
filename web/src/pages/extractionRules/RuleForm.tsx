/**
 * 新增/编辑取值规则 with the rule tester beside it: the field (read-only once created) follows the
 * chosen format's ticket type; every change of the form re-runs the tester with the rule as it is.
 */
import { useState, type ComponentProps } from 'react'
import { Col, Form, Row, Typography } from 'antd'
import { ModalForm, ProFormSelect } from '@ant-design/pro-components'
import {
  extractionRuleBody, extractionRuleUpdateBody, Msg, TICKET_TYPES, TicketMsg, type ExtractionRule, type ExtractionRuleBody, type ReceiptFormat, type TicketField,
} from '@app/contract'
import * as formatsApi from '../../api/receiptFormats'
import { DIALOG_MODAL_PROPS, DIALOG_SUBMITTER, submitDialog } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaText } from '../../components/SchemaField'
import { fieldLabelWithKey, fieldOptions, typeOfField } from '../../components/ticketFields'
import { zodRule } from '../../components/zodRule'
import RuleTester, { type TesterSample } from './RuleTester'
import { candidateRule, regexProblem, type RuleDraft } from '../../features/ticketPictures/tester'

export interface RuleFormValues {
  property?: TicketField
  receiptFormatId?: number
  valueName?: string
  valueNameRegular?: string
  valueRegular?: string
}

const trimmedOrNull = (s: string | null | undefined) => (s ?? '').trim() || null

export const formatOptionLabel = (f: Pick<ReceiptFormat, 'name' | 'type'>) => `${f.name}（${TICKET_TYPES[f.type]}）`

/** A regular-expression field: monospace, and refused (after the schema's checks) when the browser cannot compile it. */
function PatternText({ label, rules = [], ...props }: ComponentProps<typeof SchemaText> & { label: string }) {
  const compiles = {
    validator: (_: unknown, v: string | undefined) => {
      const p = regexProblem(label, v)
      return p ? Promise.reject(new Error(p)) : Promise.resolve()
    },
  }
  return <SchemaText {...props} label={label} fieldProps={{ style: { fontFamily: 'monospace' } }} rules={[compiles, ...rules]} />
}

export default function RuleForm({ open, editing, formats, defaultFormatId, sample, onSampleChange, onOpenChange, onSaved }: {
  open: boolean
  /** null: a new rule */
  editing: ExtractionRule | null
  formats: ReceiptFormat[]
  /** the format a new rule starts with (the list's filter) */
  defaultFormatId?: number
  /** the tester's photo or text, kept from one rule to the next */
  sample?: TesterSample
  onSampleChange?: (sample: TesterSample) => void
  onOpenChange: (open: boolean) => void
  onSaved: () => void
}) {
  const [form] = Form.useForm<RuleFormValues>()
  // the server's rules: a rule's property is fixed once it is created
  const fields = (editing ? extractionRuleUpdateBody : extractionRuleBody).shape
  const initialValues: RuleFormValues = editing
    ? {
        property: editing.property, receiptFormatId: editing.receiptFormatId, valueName: editing.valueName ?? '',
        valueNameRegular: editing.valueNameRegular ?? '', valueRegular: editing.valueRegular ?? '',
      }
    : { receiptFormatId: formats.some((f) => f.id === defaultFormatId) ? defaultFormatId : undefined }
  const [draft, setDraft] = useState<RuleDraft>(initialValues)

  const format = formats.find((f) => f.id === draft.receiptFormatId) ?? null
  const editedType = editing ? typeOfField(editing.property) : null
  const type = format?.type ?? editedType
  // a rule's field is fixed: when editing, only formats of the field's ticket type fit
  const formatChoices = editing && editedType ? formats.filter((f) => f.type === editedType) : formats

  const onFinish = async (values: RuleFormValues) => {
    const body: ExtractionRuleBody = {
      property: (editing?.property ?? values.property)!,
      receiptFormatId: values.receiptFormatId!,
      valueName: trimmedOrNull(values.valueName),
      valueNameRegular: trimmedOrNull(values.valueNameRegular),
      valueRegular: trimmedOrNull(values.valueRegular),
    }
    return submitDialog(
      () => (editing ? formatsApi.updateRule(editing.id, body) : formatsApi.saveRule(body)),
      editing ? Msg.updated : Msg.created,
      onSaved,
    )
  }

  return (
    <ModalForm<RuleFormValues>
      title={editing ? '编辑取值规则' : '新增取值规则'}
      open={open}
      onOpenChange={onOpenChange}
      width="min(1240px, 96vw)"
      layout="vertical"
      form={form}
      initialValues={initialValues}
      modalProps={{ ...DIALOG_MODAL_PROPS, styles: { body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', overflowX: 'hidden' } } }}
      submitter={DIALOG_SUBMITTER}
      onValuesChange={(changed: RuleFormValues, all: RuleFormValues) => {
        let next: RuleDraft = { ...all }
        if ('receiptFormatId' in changed && !editing) {
          const t = formats.find((f) => f.id === changed.receiptFormatId)?.type
          if (all.property && t && typeOfField(all.property) !== t) {
            form.setFieldValue('property', undefined)
            next = { ...next, property: undefined }
          }
        }
        setDraft(next)
      }}
      onFinish={onFinish}
      name="extraction-rule"
    >
      <Row gutter={24}>
        <Col xs={24} lg={9}>
          <ProFormSelect
            name="receiptFormatId"
            label="票据格式"
            placeholder="请选择票据格式"
            options={formatChoices.map((f) => ({ value: f.id, label: formatOptionLabel(f) }))}
            fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
            rules={[zodRule(fields.receiptFormatId)]}
          />
          <ProFormSelect
            name="property"
            label="字段"
            placeholder={type ? `请选择${TICKET_TYPES[type]}的字段` : '请先选择票据格式'}
            disabled={!!editing || !type}
            extra={editing ? '字段创建后不可修改' : undefined}
            options={editing ? [{ value: editing.property, label: fieldLabelWithKey(editing.property) }] : fieldOptions(type)}
            fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
            rules={[zodRule(fields.property)]}
          />
          <SchemaText
            name="valueName"
            label="字段名称"
            tooltip="票据上该字段的标签文字，如“净重”（用于显示）"
            placeholder="如：净重"
            schema={fields.valueName}
          />
          <PatternText
            name="valueNameRegular"
            label="名称表达式"
            tooltip="找到标签的正则表达式；值取自标签后面（同一行或右侧、下方的文字）"
            placeholder="如：(?:实发)?净\s*重"
            schema={fields.valueNameRegular}
          />
          <PatternText
            name="valueRegular"
            label="取值表达式"
            tooltip="从值的文字中取值的正则表达式，有分组时取第 1 组；未填名称表达式时在整张票据中查找"
            placeholder="如：\d+(?:\.\d+)?"
            schema={fields.valueRegular}
            dependencies={['valueName', 'valueNameRegular']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_: unknown, v: string | undefined) =>
                  (v ?? '').trim() || (getFieldValue('valueName') ?? '').trim() || (getFieldValue('valueNameRegular') ?? '').trim()
                    ? Promise.resolve()
                    : Promise.reject(new Error(TicketMsg.ruleEmpty)),
              }),
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            同一格式下同一字段有多条规则时，以第一条取到值的规则为准；规则都没有取到值时，使用内置的同义词识别。
          </Typography.Paragraph>
          <HiddenSubmit />
        </Col>
        <Col xs={24} lg={15}>
          <div style={{ borderLeft: '1px solid #f0f0f0', paddingLeft: 20, minHeight: 300 }}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>规则测试</Typography.Title>
            <RuleTester
              fileType={type ?? null}
              rule={candidateRule(draft, editing?.id)}
              editedField={editing?.property ?? draft.property}
              ruleFormat={format ? { id: format.id, name: format.name } : null}
              sample={sample}
              onSampleChange={onSampleChange}
            />
          </div>
        </Col>
      </Row>
    </ModalForm>
  )
}

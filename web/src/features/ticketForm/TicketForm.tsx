/**
 * The fields of one ticket (delivery or receiving): required on blur with the spec's messages, the
 * server's own format checks (zodRule), on the receiving note the consistency with the delivery note.
 * Fields to check (low confidence, a reader's flag) carry an orange marker with the reason; a net
 * weight the reading could not trust is red. Focusing a field tells the page (its box is outlined);
 * Enter moves to the next field.
 */
import type { FocusEvent, KeyboardEvent, ReactNode } from 'react'
import { Col, DatePicker, Form, Input, InputNumber, Row, Tooltip, type FormInstance, type FormRule } from 'antd'
import { ExclamationCircleFilled } from '@ant-design/icons'
import dayjs from 'dayjs'
import {
  CONSISTENT_FIELDS, consistencyProblems, DATE_TIME_FORMAT, DELIVERY_REQUIRED, SIGN_REQUIRED, TICKET_FIELDS, transportBody, UploadMsg, WEIGHT_MAX_TONS,
  type TicketField, type TicketType,
} from '@app/contract'
import { schemaMaxLength, zodRule } from '../../components/zodRule'
import { fieldKind, formOrder, type ReceivingFigures, type TicketValues } from './uploadValues'

export const FORM_NAMES = { 1: 'delivery', 2: 'sign' } as const satisfies Record<TicketType, string>
const REQUIRED: Partial<Record<TicketField, string>> = { ...DELIVERY_REQUIRED, ...SIGN_REQUIRED }
const MARK_COLOR = '#fa8c16'
/** receiving field, delivery field, label: the receiving fields checked against the delivery note */
type ConsistentFields = readonly (readonly [TicketField, TicketField, string])[]

function rulesOf(field: TicketField, required: Partial<Record<TicketField, string>>, consistent: ConsistentFields, deliveryForm?: FormInstance<TicketValues>): FormRule[] {
  const rules: FormRule[] = []
  const message = required[field]
  // `whitespace` on text only: any key beside required/message turns the check into a string type check
  if (message) rules.push(fieldKind(field) === 'text' ? { required: true, whitespace: true, message } : { required: true, message })
  rules.push(zodRule(transportBody.shape[field]))
  if (deliveryForm && consistent.some(([sign]) => sign === field)) {
    rules.push({
      validator: async (_rule, value) => {
        const problem = consistencyProblems({ ...deliveryForm.getFieldsValue(true), [field]: value }, consistent)[field]
        if (problem) throw new Error(problem)
      },
    })
  }
  return rules
}

/** A date-time field whose form value is the text 'YYYY-MM-DD HH:mm:ss' (what the server takes), shown by a DatePicker. */
export const timeFieldProps = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && dayjs(v).isValid() ? dayjs(v) : null }),
  normalize: (d: dayjs.Dayjs | null) => (d ? d.format(DATE_TIME_FORMAT) : null),
}

function inputOf(field: TicketField, opts: { flagged: boolean; computed: boolean }): ReactNode {
  const status = opts.flagged ? 'error' as const : undefined
  switch (fieldKind(field)) {
    case 'weight':
      return (
        <InputNumber style={{ width: '100%' }} min={0} max={WEIGHT_MAX_TONS} precision={2} step={0.01} addonAfter="吨"
          status={status} disabled={opts.computed} placeholder={opts.computed ? '自动合计' : '0.00'} />
      )
    case 'bags':
      return <InputNumber style={{ width: '100%' }} min={0} precision={0} addonAfter="袋" placeholder="0" />
    case 'time':
      return <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} placeholder="选择时间" />
    case 'remark':
      return <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={schemaMaxLength(transportBody.shape[field])} />
    default:
      return <Input maxLength={schemaMaxLength(transportBody.shape[field])} allowClear />
  }
}

/** Enter in a one-line input moves to the next input of the form (the pickers keep their Enter). */
function enterMovesOn(e: KeyboardEvent<HTMLDivElement>) {
  const target = e.target as HTMLElement
  if (e.key !== 'Enter' || target.tagName !== 'INPUT' || target.closest('.ant-picker')) return
  const inputs = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('input:not([disabled]):not([type=hidden]), textarea:not([disabled])'))
    .filter((el) => !el.hasAttribute('readonly'))
  const next = inputs[inputs.indexOf(target) + 1]
  if (next) {
    e.preventDefault()
    next.focus()
  }
}

export interface TicketFormProps {
  type: TicketType
  form: FormInstance<TicketValues>
  /** field -> why it needs a look */
  marks: Partial<Record<TicketField, string[]>>
  /** net weights the reading could not trust */
  flagged: ReadonlySet<TicketField>
  onFocusField: (field: TicketField | null) => void
  onValuesChange?: (changed: TicketValues) => void
  /** receiving note: the delivery form its values are checked against */
  deliveryForm?: FormInstance<TicketValues>
  /** receiving note: the total and pound difference */
  figures?: ReceivingFigures
  /** headquarters: the raw text of the reading */
  origin?: string | null
  /** field -> message of the required fields (the edit page asks fewer than the upload page) */
  required?: Partial<Record<TicketField, string>>
  /** the receiving fields checked against the delivery note (CONSISTENT_FIELDS; the edit page EDIT_CONSISTENT_FIELDS) */
  consistentFields?: ConsistentFields
}

export default function TicketForm({
  type, form, marks, flagged, onFocusField, onValuesChange, deliveryForm, figures, origin, required = REQUIRED, consistentFields = CONSISTENT_FIELDS,
}: TicketFormProps) {
  const name = FORM_NAMES[type]
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const id = (e.target as HTMLElement).id
    const field = id.startsWith(`${name}_`) ? id.slice(name.length + 1) : ''
    onFocusField(field in TICKET_FIELDS ? (field as TicketField) : null)
  }
  return (
    <div onFocus={onFocus} onKeyDown={enterMovesOn}>
      <Form<TicketValues> form={form} name={name} layout="vertical" requiredMark validateTrigger="onBlur" onValuesChange={onValuesChange} preserve>
        <Row gutter={16}>
          {formOrder(type).map((field) => {
            const kind = fieldKind(field)
            const reasons = marks[field]
            const isFlagged = flagged.has(field)
            const computed = field === 'signNetWeight'
            const label = (
              <span>
                {TICKET_FIELDS[field]}
                {reasons && (
                  <Tooltip title={reasons.join('；')}>
                    <ExclamationCircleFilled style={{ color: MARK_COLOR, marginLeft: 6 }} data-testid={`marker-${field}`} aria-label="需核对" />
                  </Tooltip>
                )}
              </span>
            )
            const item = (
              <Form.Item
                name={field}
                label={label}
                rules={rulesOf(field, required, consistentFields, deliveryForm)}
                required={field === 'deliveryBags' ? true : undefined}
                extra={isFlagged && !computed ? <span style={{ color: '#ff4d4f' }}>{UploadMsg.netWeightFallback}</span> : undefined}
                {...(kind === 'time' ? timeFieldProps : {})}
                style={reasons ? { background: '#fff7e6', boxShadow: `inset 3px 0 0 ${MARK_COLOR}`, padding: '2px 8px', borderRadius: 4 } : undefined}
              >
                {inputOf(field, { flagged: isFlagged, computed })}
              </Form.Item>
            )
            return (
              <Col key={field} xs={24} sm={kind === 'remark' ? 24 : 12} xxl={kind === 'remark' ? 24 : 8}>
                {item}
              </Col>
            )
          })}
          {figures && (
            <Col xs={24} sm={12} xxl={8}>
              <Form.Item label="磅差（发货净重 − 收货总净重）">
                <Input
                  readOnly
                  value={figures.poundDiff === null ? '' : figures.poundDiff.toFixed(2)}
                  addonAfter="吨"
                  placeholder="填写发货净重后计算"
                  data-testid="pound-diff"
                  styles={{ input: figures.over ? { color: '#ff4d4f', fontWeight: 600 } : {} }}
                  status={figures.over ? 'error' : undefined}
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        {origin !== undefined && (
          <Form.Item label="识别原文">
            <Input.TextArea readOnly value={origin ?? ''} autoSize={{ minRows: 3, maxRows: 10 }} style={{ fontFamily: 'monospace', fontSize: 12 }} data-testid={`${name}-origin`} />
          </Form.Item>
        )}
      </Form>
    </div>
  )
}

/**
 * 导出对账单 (spec 001 §2, §5): start date, end date, purchasing unit and carrier, warned about in that
 * order; the units come from the grid's suggestions (the base headquarters picked in the filters).
 */
import { useEffect, useState } from 'react'
import { App, DatePicker, Form, Modal, Select } from 'antd'
import dayjs from 'dayjs'
import type { ExportSumBody } from '@app/contract'
import * as transportsApi from '../../../api/transports'
import { useSuggestions } from '../useSuggestions'
import { statementBody, statementProblem, type StatementForm } from './toolbarValues'

export interface ExportSumModalProps {
  open: boolean
  /** headquarters' base from the grid's filters */
  companyId?: number
  /** the grid's delivery-date filter, to start from */
  range?: (string | null)[]
  onExport: (body: ExportSumBody) => Promise<void>
  onClose: () => void
}

const options = (names: string[] | undefined) => (names ?? []).map((n) => ({ label: n, value: n }))

export default function ExportSumModal({ open, companyId, range, onExport, onClose }: ExportSumModalProps) {
  const { message } = App.useApp()
  const [form] = Form.useForm<StatementForm>()
  const suggestions = useSuggestions(companyId, { enabled: open })
  const [busy, setBusy] = useState(false)

  // on opening only: the base and the grid's dates as they are then
  useEffect(() => {
    if (!open) return
    form.setFieldsValue({ start: range?.[0] ? dayjs(range[0]) : undefined, end: range?.[1] ? dayjs(range[1]) : undefined })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  const submit = async () => {
    const body = statementBody(form.getFieldsValue(), companyId)
    const problem = statementProblem(body)
    if (problem) {
      message.warning(problem)
      return
    }
    setBusy(true)
    try {
      await onExport(body)
    } finally {
      setBusy(false)
    }
  }

  const select = (placeholder: string, names: string[] | undefined) => (
    <Select showSearch allowClear placeholder={placeholder} options={options(names)} optionFilterProp="label" />
  )

  return (
    <Modal open={open} title="导出对账单" okText="导出" confirmLoading={busy} onOk={submit} onCancel={onClose} maskClosable={false} forceRender>
      <Form form={form} layout="horizontal" labelCol={{ flex: '90px' }} wrapperCol={{ flex: 'auto' }}>
        <Form.Item label="开始日期" name="start" required>
          <DatePicker style={{ width: '100%' }} placeholder="请选择开始日期" />
        </Form.Item>
        <Form.Item label="结束日期" name="end" required>
          <DatePicker style={{ width: '100%' }} placeholder="请选择结束日期" />
        </Form.Item>
        <Form.Item label="购货单位" name="deliveryCustomer" required>
          {select('请选择购货单位', suggestions.deliveryCustomers)}
        </Form.Item>
        <Form.Item label="承运单位" name="deliveryCarrier" required>
          {select('请选择承运单位', suggestions.deliveryCarriers)}
        </Form.Item>
      </Form>
    </Modal>
  )
}

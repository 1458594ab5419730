/**
 * 导出对账单 (spec 001 §2, §5): the period (one range, the grid's delivery dates when it is filtered by
 * them, else last month), purchasing unit and carrier, warned about in that order (start, end, unit,
 * carrier); the units come from the grid's suggestions (the base headquarters picked in the filters).
 */
import { useEffect, useState } from 'react'
import { App, DatePicker, Form, Modal, Select } from 'antd'
import dayjs from 'dayjs'
import type { ExportSumBody } from '@app/contract'
import * as transportsApi from '../../../api/transports'
import { useSuggestions } from '../useSuggestions'
import { DATE_RANGE_PROPS, lastMonth } from '../../../components/dateRange'
import { statementBody, statementProblem, type StatementForm } from './toolbarValues'

type PeriodForm = Omit<StatementForm, 'start' | 'end'> & { period?: unknown[] | null }

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
  const [form] = Form.useForm<PeriodForm>()
  const suggestions = useSuggestions(companyId, { enabled: open })
  const [busy, setBusy] = useState(false)

  // on opening only: the base and the grid's dates as they are then
  useEffect(() => {
    if (!open) return
    form.setFieldsValue({ period: range?.[0] && range[1] ? [dayjs(range[0]), dayjs(range[1])] : lastMonth() })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  const submit = async () => {
    const { period, ...names } = form.getFieldsValue()
    const body = statementBody({ ...names, start: period?.[0], end: period?.[1] }, companyId)
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
        <Form.Item label="对账期间" name="period" required>
          <DatePicker.RangePicker {...DATE_RANGE_PROPS} style={{ width: '100%' }} />
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

/**
 * 批量添加预约设置: a base, a date range, the weekdays (一 … 日), periods and tanker types, and the places
 * of each slot; the preview counts the slots (at most PLAN_BATCH_MAX a call) and the server makes them
 * in one call, skipping and reporting the slots that have a plan already.
 */
import { Alert } from 'antd'
import type { Dayjs } from 'dayjs'
import dayjs from 'dayjs'
import { ModalForm, ProFormCheckbox, ProFormDateRangePicker, ProFormDependency, ProFormDigit, ProFormSelect } from '@ant-design/pro-components'
import {
  addDays, chinaToday, mondayOf, RESERVE_PERIODS, ReservationMsg, reservationPlanBatchBody, TANKER_TYPES, WEEKDAY_LABELS, WEEKDAYS,
  type CompanyOption, type ReservationPlanBatchBody as Body,
} from '@app/contract'
import * as api from '../../api/reservations'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'
import { zodRule } from '../../components/zodRule'
import { companyChoices } from '../../components/companies'
import { batchPreview, dayText } from './reservationValues'
import { useSkippedReport } from './skippedReport'

const fields = reservationPlanBatchBody.shape
const choices = (values: readonly string[]) => values.map((v) => ({ label: v, value: v }))

interface Values {
  companyId?: number
  range?: [Dayjs, Dayjs]
  weekdays: number[]
  periods: string[]
  tankerTypes: string[]
  totalCount?: number
}

export default function PlanBatchForm({ open, onOpenChange, onSaved, companies, defaultCompanyId }: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSaved: () => void
  companies: CompanyOption[]
  defaultCompanyId?: number
}) {
  const reportSkipped = useSkippedReport()
  const nextMonday = addDays(mondayOf(chinaToday()), 7)
  const initialValues: Values = {
    companyId: defaultCompanyId,
    range: [dayjs(nextMonday), dayjs(addDays(nextMonday, 6))],
    weekdays: [...WEEKDAYS],
    periods: [...RESERVE_PERIODS],
    tankerTypes: [...TANKER_TYPES],
  }
  const save = async (v: Values) => {
    const result = await api.batchPlans({
      companyId: v.companyId!, from: dayText(v.range?.[0])!, to: dayText(v.range?.[1])!, totalCount: v.totalCount!,
      weekdays: v.weekdays as Body['weekdays'], periods: v.periods as Body['periods'], tankerTypes: v.tankerTypes as Body['tankerTypes'],
    })
    reportSkipped(result)
    return result
  }
  return (
    <ModalForm<Values>
      {...dialogFormProps(100)}
      title="批量添加预约设置"
      open={open}
      onOpenChange={onOpenChange}
      width={620}
      name="reservation-plan-batch"
      dateFormatter={false}
      initialValues={initialValues}
      onFinish={(v) => submitDialog(() => save(v), (r) => ReservationMsg.batchDone(r.created, r.existing.length, r.past), onSaved)}
    >
      <ProFormSelect
        name="companyId" label="基地" options={companyChoices(companies)}
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }} rules={[zodRule(fields.companyId)]}
      />
      <ProFormDateRangePicker
        name="range" label="日期范围" rules={[{ required: true, message: '请选择日期范围' }]}
        fieldProps={{ format: 'YYYY-MM-DD', placeholder: ['开始日期', '结束日期'], style: { width: '100%' }, disabledDate: (d: Dayjs) => d.format('YYYY-MM-DD') < chinaToday() }}
      />
      <ProFormCheckbox.Group name="weekdays" label="星期" options={WEEKDAYS.map((d, i) => ({ label: WEEKDAY_LABELS[i]!, value: d }))} rules={[zodRule(fields.weekdays)]} />
      <ProFormCheckbox.Group name="periods" label="时段" options={choices(RESERVE_PERIODS)} rules={[zodRule(fields.periods)]} />
      <ProFormCheckbox.Group name="tankerTypes" label="车辆类型" options={choices(TANKER_TYPES)} rules={[zodRule(fields.tankerTypes)]} />
      <ProFormDigit
        name="totalCount" label="可预约数量" placeholder="每个时段的名额" fieldProps={{ precision: 0, style: { width: '100%' } }}
        rules={[zodRule(fields.totalCount)]}
      />
      <ProFormDependency name={['range', 'weekdays', 'periods', 'tankerTypes']}>
        {(v) => {
          const preview = batchPreview(v)
          return <Alert role="status" type={preview.ok ? 'info' : 'warning'} showIcon message={preview.text} />
        }}
      </ProFormDependency>
      <HiddenSubmit />
    </ModalForm>
  )
}

/**
 * 复制上周: the plans of the week before the chosen week (Monday to Sunday) copied into it with their
 * places; slots that have a plan keep theirs (reported), days before today are left out.
 */
import { Alert } from 'antd'
import type { Dayjs } from 'dayjs'
import dayjs from 'dayjs'
import { ModalForm, ProFormDatePicker, ProFormDependency, ProFormSelect } from '@ant-design/pro-components'
import { chinaToday, ReservationMsg, reservationPlanCopyWeekBody, type CompanyOption } from '@app/contract'
import * as api from '../../api/reservations'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'
import { zodRule } from '../../components/zodRule'
import { companyChoices } from '../../components/companies'
import { useSkippedReport } from './skippedReport'
import { copyWeeks, dayText } from './reservationValues'

const fields = reservationPlanCopyWeekBody.shape
const weekText = (d: Dayjs) => {
  const w = copyWeeks(d.format('YYYY-MM-DD'))
  return `${w.to} 至 ${w.toEnd}`
}

export default function PlanCopyWeekForm({ open, onOpenChange, onSaved, companies, defaultCompanyId }: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSaved: () => void
  companies: CompanyOption[]
  defaultCompanyId?: number
}) {
  const reportSkipped = useSkippedReport()
  return (
    <ModalForm<{ companyId?: number; week?: Dayjs }>
      {...dialogFormProps(100)}
      title="复制上周的预约设置"
      open={open}
      onOpenChange={onOpenChange}
      width={560}
      name="reservation-plan-copy-week"
      dateFormatter={false}
      initialValues={{ companyId: defaultCompanyId, week: dayjs(chinaToday()) }}
      onFinish={(v) => submitDialog(async () => {
        const result = await api.copyLastWeek({ companyId: v.companyId!, weekOf: dayText(v.week)! })
        reportSkipped(result)
        return result
      }, (r) => ReservationMsg.batchDone(r.created, r.existing.length, r.past), onSaved)}
    >
      <ProFormSelect
        name="companyId" label="基地" options={companyChoices(companies)}
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }} rules={[zodRule(fields.companyId)]}
      />
      <ProFormDatePicker
        name="week" label="复制到" rules={[{ required: true, message: '请选择要复制到的周' }]}
        fieldProps={{ picker: 'week', format: [weekText, 'YYYY-MM-DD'], placeholder: '选择周（或输入其中一天）', style: { width: '100%' }, disabledDate: (d: Dayjs) => copyWeeks(d.format('YYYY-MM-DD')).toEnd < chinaToday() }}
      />
      <ProFormDependency name={['week']}>
        {({ week }) => {
          const day = dayText(week)
          if (!day) return null
          const w = copyWeeks(day)
          return <Alert role="status" type="info" showIcon message={`把 ${w.from} 至 ${w.fromEnd} 的预约设置复制到 ${w.to} 至 ${w.toEnd}（已有的时段跳过，今天之前的日期不复制）`} />
        }}
      </ProFormDependency>
      <HiddenSubmit />
    </ModalForm>
  )
}

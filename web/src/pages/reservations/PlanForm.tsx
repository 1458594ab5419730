/**
 * 新增/修改预约设置: base, day, period, tanker type and the number of places (spec defaults: 上午,
 * 常压车辆, 0, today). Saving a slot that has a plan sets its count; below the places booked is refused.
 */
import { ModalForm, ProFormDatePicker, ProFormDigit, ProFormSelect } from '@ant-design/pro-components'
import {
  chinaToday, CompanyMsg, RESERVATION_PLAN_DEFAULTS, RESERVE_PERIODS, reservationPlanSaveBody, TANKER_TYPES,
  type CompanyOption, type ReservationPlanListRow, type ReservationPlanSaveBody,
} from '@app/contract'
import * as api from '../../api/reservations'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import type { EditDialogProps } from '../../components/editDialog'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaRadio } from '../../components/SchemaField'
import { dateRule, zodRule } from '../../components/zodRule'
import { companyChoices } from '../../components/companies'

const fields = reservationPlanSaveBody.shape

export default function PlanForm({ open, editing, onOpenChange, onSaved, companies, defaultCompanyId }: EditDialogProps<ReservationPlanListRow> & {
  companies: CompanyOption[]
  defaultCompanyId?: number
}) {
  const initialValues: Partial<ReservationPlanSaveBody> = editing
    ? { companyId: editing.companyId, reserveTime: editing.reserveTime, reservePeriod: editing.reservePeriod as ReservationPlanSaveBody['reservePeriod'], tankerType: editing.tankerType as ReservationPlanSaveBody['tankerType'], totalCount: editing.totalCount }
    : { companyId: defaultCompanyId, reserveTime: chinaToday(), ...RESERVATION_PLAN_DEFAULTS }
  return (
    <ModalForm<ReservationPlanSaveBody>
      {...dialogFormProps(100)}
      title={editing ? '修改预约设置' : '新增预约设置'}
      open={open}
      onOpenChange={onOpenChange}
      width={560}
      name="reservation-plan-form"
      initialValues={initialValues}
      onFinish={(v) => submitDialog(() => api.savePlan(v), CompanyMsg.planSaved, onSaved)}
    >
      <ProFormSelect
        name="companyId" label="基地" disabled={!!editing} options={companyChoices(companies)}
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }} rules={[zodRule(fields.companyId)]}
      />
      <ProFormDatePicker name="reserveTime" label="预约日期" disabled={!!editing} fieldProps={{ format: 'YYYY-MM-DD', style: { width: '100%' } }} rules={[dateRule(fields.reserveTime)]} />
      <SchemaRadio name="reservePeriod" label="时段" disabled={!!editing} options={RESERVE_PERIODS.map((p) => ({ label: p, value: p }))} schema={fields.reservePeriod} />
      <ProFormSelect name="tankerType" label="车辆类型" disabled={!!editing} options={TANKER_TYPES.map((t) => ({ label: t, value: t }))} allowClear={false} rules={[zodRule(fields.tankerType)]} />
      <ProFormDigit name="totalCount" label="可预约数量" fieldProps={{ precision: 0, style: { width: '100%' } }} rules={[zodRule(fields.totalCount)]}
        extra={editing ? `已预约 ${editing.bookedCount} 个，数量不能少于已预约数` : undefined} />
      <HiddenSubmit />
    </ModalForm>
  )
}

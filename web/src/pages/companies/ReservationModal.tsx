/** 预约设置: a reservation plan of the base (date, 上午/下午, tanker type, count), with the plans already set. */
import { ProFormDatePicker, ProFormDigit, ProFormSelect } from '@ant-design/pro-components'
import dayjs from 'dayjs'
import {
  CompanyMsg, RESERVATION_PLAN_DEFAULTS, RESERVE_PERIODS, reservationPlanSaveBody, TANKER_TYPES, type CompanyRow, type ReservationPlanRow,
  type ReservationPlanSaveBody,
} from '@app/contract'
import * as companiesApi from '../../api/companies'
import type { RequestOptions } from '../../api/request'
import { SchemaRadio } from '../../components/SchemaField'
import { zodRule } from '../../components/zodRule'
import CompanyEntriesModal, { useCompanyEntries } from './CompanyEntriesModal'

type Values = Omit<ReservationPlanSaveBody, 'companyId'>
const fields = reservationPlanSaveBody.shape

const findPlans = (company: CompanyRow, opts: RequestOptions) =>
  companiesApi.findReservationPlans({ companyId: company.id, page: 1, size: 10 }, opts).then((p) => p.data)

export default function ReservationModal({ company, onClose }: { company: CompanyRow | null; onClose: () => void }) {
  const plans = useCompanyEntries('reservationPlans', company, findPlans)
  return (
    <CompanyEntriesModal<Values, ReservationPlanRow>
      title="预约设置"
      company={company}
      onClose={onClose}
      width={600}
      name="reservation-plan"
      nameLabel="基地名称"
      submitText="保存"
      initialValues={{ reserveTime: dayjs().format('YYYY-MM-DD'), ...RESERVATION_PLAN_DEFAULTS }}
      save={(c, v) => companiesApi.saveReservationPlan({ companyId: c.id, reserveTime: v.reserveTime, reservePeriod: v.reservePeriod, tankerType: v.tankerType, totalCount: v.totalCount })}
      savedMessage={CompanyMsg.planSaved}
      entries={plans}
      caption="已设置的预约（同一日期、时段和车辆类型再次保存会覆盖数量）"
      emptyText="暂无预约设置"
      columns={[
        { title: '日期', dataIndex: 'reserveTime' },
        { title: '时段', dataIndex: 'reservePeriod' },
        { title: '车辆类型', dataIndex: 'tankerType' },
        { title: '数量', dataIndex: 'totalCount' },
      ]}
    >
      <ProFormDatePicker name="reserveTime" label="预约日期" fieldProps={{ format: 'YYYY-MM-DD', style: { width: '100%' } }} rules={[{ required: true, message: '预约日期不能为空' }]} />
      <SchemaRadio name="reservePeriod" label="时段" options={RESERVE_PERIODS.map((p) => ({ label: p, value: p }))} schema={fields.reservePeriod} />
      <ProFormSelect name="tankerType" label="车辆类型" options={TANKER_TYPES.map((t) => ({ label: t, value: t }))} allowClear={false} rules={[{ required: true, message: '车辆类型不能为空' }]} />
      <ProFormDigit name="totalCount" label="可预约数量" fieldProps={{ precision: 0, style: { width: '100%' } }} rules={[zodRule(fields.totalCount)]} />
    </CompanyEntriesModal>
  )
}

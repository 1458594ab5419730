/** 新增预约: slot (day, period, tanker type), plate, driver and phone; headquarters picks the base. The server answers 预约成功 or why not (full, no plan, the plate already booked). */
import type { Dayjs } from 'dayjs'
import { ModalForm, ProFormDatePicker, ProFormSelect } from '@ant-design/pro-components'
import {
  chinaToday, RESERVE_PERIODS, reservationBody, ReservationMsg, TANKER_TYPES, type CompanyOption, type ReservationBody,
} from '@app/contract'
import * as api from '../../api/reservations'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaRadio, SchemaText, SchemaTextArea } from '../../components/SchemaField'
import { dateRule, zodRule } from '../../components/zodRule'
import { companyChoices } from '../../components/companies'

const fields = reservationBody.shape

export default function ReservationForm({ open, onOpenChange, onSaved, companies, defaultCompanyId }: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSaved: () => void
  /** headquarters: the bases it may book for (empty: the caller's own base, no picker) */
  companies: CompanyOption[]
  defaultCompanyId?: number
}) {
  return (
    <ModalForm<ReservationBody>
      {...dialogFormProps(100)}
      title="新增预约"
      open={open}
      onOpenChange={onOpenChange}
      width={560}
      name="reservation"
      initialValues={{ companyId: defaultCompanyId, reserveTime: chinaToday(), reservePeriod: '上午', tankerType: '常压车辆' }}
      onFinish={(v) => submitDialog(() => api.book({ ...v, companyId: companies.length ? v.companyId : undefined }), ReservationMsg.booked, onSaved)}
    >
      {companies.length > 0 && (
        <ProFormSelect
          name="companyId" label="预约基地" options={companyChoices(companies)}
          fieldProps={{ showSearch: true, optionFilterProp: 'label' }} rules={[{ required: true, message: '请选择预约基地' }]}
        />
      )}
      <ProFormDatePicker
        name="reserveTime" label="预约日期" rules={[dateRule(fields.reserveTime)]}
        fieldProps={{ format: 'YYYY-MM-DD', style: { width: '100%' }, disabledDate: (d: Dayjs) => d.format('YYYY-MM-DD') < chinaToday() }}
      />
      <SchemaRadio name="reservePeriod" label="预约时段" options={RESERVE_PERIODS.map((p) => ({ label: p, value: p }))} schema={fields.reservePeriod} />
      <ProFormSelect name="tankerType" label="车辆类型" options={TANKER_TYPES.map((t) => ({ label: t, value: t }))} allowClear={false} rules={[zodRule(fields.tankerType)]} />
      <SchemaText name="licenseNumber" label="车牌号" placeholder="如 苏A12345" schema={fields.licenseNumber} fieldProps={{ maxLength: 10 }} />
      <SchemaText name="contactName" label="驾驶员姓名" placeholder="请输入驾驶员姓名" schema={fields.contactName} />
      <SchemaText name="phone" label="驾驶员电话" placeholder="11位手机号" schema={fields.phone} fieldProps={{ maxLength: 11 }} />
      <SchemaTextArea name="remarks" label="备注" placeholder="可不填" schema={fields.remarks} fieldProps={{ autoSize: { minRows: 2, maxRows: 4 } }} />
      <HiddenSubmit />
    </ModalForm>
  )
}

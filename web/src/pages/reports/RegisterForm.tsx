/**
 * 车辆登记 / 编辑登记 (spec 000 §5: plate, vehicle type, unit, driver, phone, last material and expiry
 * required): 同步预约 fills the driver, phone and vehicle type from today's booking of the plate and links it
 * (the booking is checked in with the registration). Phones come masked, so the dialog never holds one
 * whole: the edit's and the booking's phone field is left empty to keep the stored number, or retyped.
 */
import { useState } from 'react'
import { App, Button, Space, Tag } from 'antd'
import { ModalForm, ProForm, ProFormDatePicker, ProFormDependency, ProFormSelect, ProFormText, type ProFormInstance } from '@ant-design/pro-components'
import { useRef } from 'react'
import {
  chinaToday, normalizeLicensePlate, REPORT_LIMITS, reportPhoneField, reportSaveBody, ReportMsg, TANKER_TYPES, type CompanyOption, type Report, type ReportSaveBody,
} from '@app/contract'
import * as api from '../../api/reports'
import * as reservationsApi from '../../api/reservations'
import { isHandled } from '../../api/request'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaText } from '../../components/SchemaField'
import { dateRule, retypePlaceholder, whenTyped, zodRule } from '../../components/zodRule'
import PhotoList from './PhotoList'
import { companyChoices } from '../../components/companies'

const fields = reportSaveBody.shape

export default function RegisterForm({ open, onOpenChange, onSaved, report, companies }: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onSaved: () => void
  /** editing this report (still 已登记); else a new registration */
  report?: Report
  /** headquarters: the bases it may register for */
  companies: CompanyOption[]
}) {
  const { message } = App.useApp()
  const form = useRef<ProFormInstance<ReportSaveBody>>(undefined)
  const [syncing, setSyncing] = useState(false)
  /** the masked phone an empty field keeps: the report's (edit) or the synced booking's */
  const [keptPhone, setKeptPhone] = useState(report?.phone)

  const sync = async () => {
    const plate = normalizeLicensePlate(String(form.current?.getFieldValue('licenseNumber') ?? ''))
    if (!plate) return void message.warning('请先输入车牌号')
    setSyncing(true)
    try {
      const page = await reservationsApi.todaysReservations({ licenseNumber: plate, page: 1, size: 10, companyId: form.current?.getFieldValue('companyId') })
      const booking = page.data.find((b) => b.licenseNumber === plate && (b.status === 0 || b.status === 1 || b.status === 3))
      if (!booking) return void message.warning(`今天没有车辆 ${plate} 的预约`)
      form.current?.setFieldsValue({ licenseNumber: booking.licenseNumber, contactName: booking.contactName, phone: undefined, tankerType: booking.tankerType as ReportSaveBody['tankerType'], receptionId: booking.id, companyId: booking.companyId })
      setKeptPhone(booking.phone)
      message.success(`已同步 ${booking.reserveTime} ${booking.reservePeriod} 的预约`)
    } catch (e) {
      if (!isHandled(e)) throw e
    } finally {
      setSyncing(false)
    }
  }

  const initial: Partial<ReportSaveBody> = report
    ? {
      id: report.id, licenseNumber: report.licenseNumber, tankerType: report.tankerType as ReportSaveBody['tankerType'], org: report.org ?? undefined,
      contactName: report.contactName, latestMaterial: report.latestMaterial ?? undefined, outdate: report.outdate ?? undefined,
      tankerNumber: report.tankerNumber, images: report.images.map((i) => i.id),
    }
    : { tankerType: '常压车辆', companyId: companies[0]?.id, images: [] }

  return (
    <ModalForm<ReportSaveBody>
      {...dialogFormProps(110)}
      formRef={form}
      title={report ? `编辑登记（${report.reportNumber}）` : '车辆登记'}
      open={open}
      onOpenChange={onOpenChange}
      width={620}
      name="report-register"
      initialValues={initial}
      onFinish={(v) => submitDialog(
        () => api.saveReport({ ...v, phone: v.phone || undefined, id: report?.id, companyId: !report && companies.length ? v.companyId : undefined }),
        report ? ReportMsg.updated : ReportMsg.registered, onSaved,
      )}
    >
      {!report && companies.length > 0 && (
        <ProFormSelect
          name="companyId" label="登记基地" options={companyChoices(companies)}
          fieldProps={{ showSearch: true, optionFilterProp: 'label' }} rules={[{ required: true, message: '请选择登记基地' }]}
        />
      )}
      <ProForm.Item label="车牌号" required style={{ marginBottom: 0 }}>
        <Space.Compact style={{ width: '100%' }}>
          <SchemaText name="licenseNumber" noStyle placeholder="如 苏A12345" schema={fields.licenseNumber} fieldProps={{ maxLength: 10 }} disabled={!!report?.receptionId} />
          {!report && <Button loading={syncing} onClick={() => void sync()}>同步预约</Button>}
        </Space.Compact>
      </ProForm.Item>
      <ProFormDependency name={['receptionId']}>
        {({ receptionId }) => (receptionId ? <div style={{ margin: '4px 0 12px 110px' }}><Tag color="blue">已关联今天的预约，登记时将同时接待到场</Tag></div> : <div style={{ height: 12 }} />)}
      </ProFormDependency>
      <ProFormSelect name="tankerType" label="车辆类型" options={TANKER_TYPES.map((t) => ({ label: t, value: t }))} allowClear={false} rules={[zodRule(fields.tankerType)]} />
      <SchemaText name="org" label="单位" placeholder="车辆所属单位" schema={fields.org} />
      <SchemaText name="contactName" label="驾驶员姓名" placeholder="请输入驾驶员姓名" schema={fields.contactName} />
      {keptPhone
        ? <ProFormText name="phone" label="驾驶员电话" placeholder={retypePlaceholder(keptPhone)} fieldProps={{ maxLength: 11 }} rules={[whenTyped(zodRule(reportPhoneField))]} />
        : <SchemaText name="phone" label="驾驶员电话" placeholder="11位手机号" schema={reportPhoneField} fieldProps={{ maxLength: 11 }} />}
      <SchemaText name="latestMaterial" label="最近装载介质" placeholder="如 柴油、甲醇" schema={fields.latestMaterial} />
      <ProFormDatePicker name="outdate" label="有效期" rules={[dateRule(fields.outdate)]} fieldProps={{ format: 'YYYY-MM-DD', style: { width: '100%' }, placeholder: `如 ${Number(chinaToday().slice(0, 4)) + 1}-12-31` }} />
      <SchemaText name="tankerNumber" label="罐体编号" placeholder="可不填" schema={fields.tankerNumber} />
      <ProForm.Item name="images" label="现场照片" extra={`最多 ${REPORT_LIMITS.images} 张`}>
        <PhotoList max={REPORT_LIMITS.images} />
      </ProForm.Item>
      <ProForm.Item name="receptionId" hidden />
      <HiddenSubmit />
    </ModalForm>
  )
}

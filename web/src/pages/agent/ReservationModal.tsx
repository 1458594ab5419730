/** 预约设置: a reservation plan of the base (date, 上午/下午, tanker type, count), with the plans already set. */
import { useCallback, useEffect, useState } from 'react'
import { Table, Typography } from 'antd'
import { ModalForm, ProFormDatePicker, ProFormDigit, ProFormRadio, ProFormSelect, ProFormText } from '@ant-design/pro-components'
import dayjs from 'dayjs'
import {
  CompanyMsg, RESERVATION_PLAN_DEFAULTS, RESERVE_PERIODS, reservationPlanSaveBody, TANKER_TYPES, type CompanyRow, type ReservationPlanRow,
  type ReservationPlanSaveBody,
} from '@app/contract'
import * as companiesApi from '../../api/companies'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'
import { zodRule } from '../../components/zodRule'

type Values = Omit<ReservationPlanSaveBody, 'companyId'> & { name: string }
const fields = reservationPlanSaveBody.shape

export default function ReservationModal({ company, onClose }: { company: CompanyRow | null; onClose: () => void }) {
  const [plans, setPlans] = useState<ReservationPlanRow[]>([])
  const load = useCallback(() => {
    if (!company) return
    companiesApi.findReservationPlans({ companyId: company.id, page: 1, size: 10 }, { silent: true })
      .then((p) => setPlans(p.data)).catch(() => setPlans([]))
  }, [company])
  useEffect(load, [load])

  return (
    <ModalForm<Values>
      title={`预约设置：${company?.name ?? ''}`}
      open={!!company}
      onOpenChange={(o) => { if (!o) onClose() }}
      width={600}
      {...dialogFormProps(100)}
      initialValues={{ name: company?.name, reserveTime: dayjs().format('YYYY-MM-DD'), ...RESERVATION_PLAN_DEFAULTS }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '关闭' } }}
      name="reservation-plan"
      onFinish={async (v) => {
        if (!company) return false
        await submitDialog(
          () => companiesApi.saveReservationPlan({ companyId: company.id, reserveTime: v.reserveTime, reservePeriod: v.reservePeriod, tankerType: v.tankerType, totalCount: v.totalCount }),
          CompanyMsg.planSaved,
          load,
        )
        return false // stays open: several days and periods are usually set in a row
      }}
    >
      <ProFormText name="name" label="基地名称" disabled />
      <ProFormDatePicker name="reserveTime" label="预约日期" fieldProps={{ format: 'YYYY-MM-DD', style: { width: '100%' } }} rules={[{ required: true, message: '预约日期不能为空' }]} />
      <ProFormRadio.Group name="reservePeriod" label="时段" radioType="button" options={RESERVE_PERIODS.map((p) => ({ label: p, value: p }))} rules={[zodRule(fields.reservePeriod)]} />
      <ProFormSelect name="tankerType" label="罐车类型" options={TANKER_TYPES.map((t) => ({ label: t, value: t }))} allowClear={false} rules={[{ required: true, message: '罐车类型不能为空' }]} />
      <ProFormDigit name="totalCount" label="可预约数量" fieldProps={{ precision: 0, style: { width: '100%' } }} rules={[zodRule(fields.totalCount)]} />
      <HiddenSubmit />
      <Typography.Text type="secondary">已设置的预约（同一日期、时段和罐车类型再次保存会覆盖数量）</Typography.Text>
      <Table<ReservationPlanRow>
        size="small"
        rowKey="id"
        style={{ marginTop: 8 }}
        pagination={false}
        dataSource={plans}
        locale={{ emptyText: '暂无预约设置' }}
        columns={[
          { title: '日期', dataIndex: 'reserveTime' },
          { title: '时段', dataIndex: 'reservePeriod' },
          { title: '罐车类型', dataIndex: 'tankerType' },
          { title: '数量', dataIndex: 'totalCount' },
        ]}
      />
    </ModalForm>
  )
}

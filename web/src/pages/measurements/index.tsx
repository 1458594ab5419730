/**
 * 测量记录 (menu component key 'measurement', spec 000 §2 "Legacy measurement list"): each reading with the
 * member's name, sex, phone (masked), age, time, both pressures, fasting blood sugar and BMI, and the three
 * conclusions of the Chinese guidelines as coloured tags (values outside 正常 in red); searched by name,
 * time, 仅看异常 and device; export of the filters.
 */
import { Tag, Typography } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { HQ_COMPANY_ID, isAbnormal, type Measurement, type MeasurementQuery } from '@app/contract'
import * as api from '../../api/measurements'
import { useUserInfo } from '../../app/session'
import { companyColumn, useCompanyOptions } from '../../components/companies'
import { DATE_RANGE_PROPS, toDateRange } from '../../components/dateRange'
import ListPage from '../../components/ListPage'
import { useChoices } from '../../components/useChoices'
import { ABNORMAL_OPTIONS, conclusionColor, measurementFilters, reading } from './measurementValues'

/** a value red when its conclusion is not 正常 (its title says so to a pointer and to a screen reader) */
const Value = ({ text, conclusion }: { text: string; conclusion: string | null }) =>
  (isAbnormal(conclusion) ? <Typography.Text type="danger" strong title={`异常：${conclusion}`}>{text}</Typography.Text> : <span>{text}</span>)
const Conclusion = ({ value }: { value: string | null }) => (value ? <Tag color={conclusionColor(value)}>{value}</Tag> : <Typography.Text type="secondary">未测</Typography.Text>)

export default function MeasurementsPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const companies = useCompanyOptions({ enabled: headquarters })
  const machines = useChoices(['measurements', 'machines'], (opts) => api.findMachines({ page: 1, size: 100 }, opts).then((p) => p.data))

  const columns: ProColumns<Measurement>[] = [
    { title: '姓名', dataIndex: 'name', width: 90, fieldProps: { maxLength: 50 } },
    { title: '性别', dataIndex: 'sex', hideInSearch: true, width: 55 },
    { title: '手机号', dataIndex: 'phone', hideInSearch: true, width: 120 },
    { title: '年龄', dataIndex: 'age', hideInSearch: true, width: 55, align: 'right' },
    {
      title: '测量时间', dataIndex: 'measuredTimeQuery', width: 160, valueType: 'dateRange', fieldProps: DATE_RANGE_PROPS,
      search: { transform: (value: unknown) => ({ measuredTimeQuery: toDateRange(value) }) }, render: (_, r) => r.measuredTime,
    },
    {
      title: '血压（mmHg）', key: 'bp', hideInSearch: true, width: 110, align: 'right',
      render: (_, r) => (r.systolic == null ? '—' : <Value text={`${r.systolic}/${r.diastolic}`} conclusion={r.bpConclusion} />),
    },
    { title: '空腹血糖（mmol/L）', dataIndex: 'sugar', hideInSearch: true, width: 140, align: 'right', render: (_, r) => <Value text={reading(r.sugar, 1)} conclusion={r.sugarConclusion} /> },
    { title: 'BMI', dataIndex: 'bmi', hideInSearch: true, width: 70, align: 'right', render: (_, r) => <Value text={reading(r.bmi, 1)} conclusion={r.bmiConclusion} /> },
    { title: '血压结论', dataIndex: 'bpConclusion', hideInSearch: true, width: 100, render: (_, r) => <Conclusion value={r.bpConclusion} /> },
    { title: '血糖结论', dataIndex: 'sugarConclusion', hideInSearch: true, width: 110, render: (_, r) => <Conclusion value={r.sugarConclusion} /> },
    { title: 'BMI结论', dataIndex: 'bmiConclusion', hideInSearch: true, width: 90, render: (_, r) => <Conclusion value={r.bmiConclusion} /> },
    {
      title: '是否异常', dataIndex: 'abnormal', hideInTable: true, valueType: 'select', fieldProps: { options: ABNORMAL_OPTIONS, placeholder: '全部' },
    },
    {
      title: '设备', dataIndex: 'machineId', width: 130, valueType: 'select', ellipsis: true,
      fieldProps: { options: machines.map((m) => ({ value: m.id, label: `${m.deviceNo}（${m.type}）` })), placeholder: '全部设备', showSearch: true, optionFilterProp: 'label' },
      render: (_, r) => r.deviceNo,
    },
    companyColumn<Measurement & { companyName?: string }>(companies, { inTable: false, inSearch: headquarters }),
  ]

  return (
    <ListPage
      headerTitle="测量记录"
      noun="测量记录"
      columns={columns}
      form={{ name: 'measurement-search' }}
      list={(q: MeasurementQuery) => api.findMeasurements(q)}
      filters={measurementFilters}
      exportList={info ? (filters, opts) => api.exportMeasurements(info.companyId, filters, opts) : undefined}
    />
  )
}

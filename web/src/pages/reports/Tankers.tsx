/** 罐车选择 (the tanker picker, spec 000 §2): reports by plate and tank number with their status; a row opens its overview. */
import type { ProColumns } from '@ant-design/pro-components'
import { useNavigate } from 'react-router-dom'
import { REPORT_PAGE_SIZE, type Report, type ReportQuery } from '@app/contract'
import * as api from '../../api/reports'
import ListPage from '../../components/ListPage'
import StatusTag from './StatusTag'
import { blank, statusOptions } from './reportValues'

export default function TankersPage() {
  const navigate = useNavigate()
  const columns: ProColumns<Report>[] = [
    { title: '车牌号', dataIndex: 'licenseNumber', width: 130, fieldProps: { placeholder: '请输入车牌号', maxLength: 20 } },
    { title: '罐体编号', dataIndex: 'tankerNumber', width: 160, fieldProps: { placeholder: '请输入罐体编号', maxLength: 50 }, render: (_, r) => blank(r.tankerNumber) },
    { title: '车辆类型', dataIndex: 'tankerType', width: 100, hideInSearch: true },
    { title: '状态', dataIndex: 'status', width: 100, valueType: 'select', fieldProps: { options: statusOptions, placeholder: '全部' }, render: (_, r) => <StatusTag row={r} /> },
    { title: '报告编号', dataIndex: 'reportNumber', width: 170, hideInSearch: true },
    { title: '登记时间', dataIndex: 'createTimeStr', width: 170, hideInSearch: true },
  ]
  return (
    <ListPage
      headerTitle="罐车选择"
      columns={columns}
      form={{ name: 'tanker-search' }}
      pageSize={REPORT_PAGE_SIZE}
      emptyText="暂无罐车"
      list={(q: ReportQuery) => api.findReports(q)}
      onRow={(r) => ({ onClick: () => navigate(`/trace/overview?id=${r.id}`), style: { cursor: 'pointer' } })}
    />
  )
}

/**
 * 工位终端 (/trace/select?deviceNo=&userNo=, spec 000 §2): a station's terminal opens this with its
 * station and the vehicle's plate; one report goes straight to its progress, several are listed.
 */
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Tag } from 'antd'
import { useNavigate, useSearchParams } from 'react-router-dom'
import type { Report } from '@app/contract'
import * as api from '../../api/reports'
import StatusTag from './StatusTag'
import { ReportLoading } from './Workflow'
import ShortTable from '../../components/ShortTable'

const checking = (id: number) => `/trace/checking?id=${id}`

export default function StationLookupPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const stationId = Number(params.get('deviceNo'))
  const plate = params.get('userNo')?.trim() ?? ''
  const valid = Number.isInteger(stationId) && stationId > 0 && plate !== ''
  const found = useQuery({
    queryKey: ['reports', 'atStation', stationId, plate],
    queryFn: ({ signal }) => api.selectReports(stationId, plate, { silent: true, signal }),
    enabled: valid,
  })
  const error = valid ? (found.error?.message ?? null) : '缺少工位或车牌号，请从工位终端打开'
  const rows = found.data
  const only = rows?.length === 1 ? rows[0]!.id : null

  // one report: straight to its progress
  useEffect(() => {
    if (only !== null) navigate(checking(only), { replace: true })
  }, [only, navigate])

  if (!rows || only !== null) return <ReportLoading error={error} />
  return (
    <Card size="small" title={<>工位终端 · {plate}</>} extra={<Button onClick={() => navigate('/trace/index')}>返回检验登记</Button>}>
      <ShortTable<Report>
        rowKey="id" dataSource={rows}
        locale={{ emptyText: '该工位没有此车牌的检验报告' }}
        onRow={(r) => ({ onClick: () => navigate(checking(r.id)), style: { cursor: 'pointer' } })}
        columns={[
          { title: '报告编号', dataIndex: 'reportNumber', width: 180 },
          { title: '车牌号', dataIndex: 'licenseNumber', width: 110 },
          { title: '工位', dataIndex: 'stationName', width: 120 },
          { title: '登记时间', dataIndex: 'createTimeStr', width: 170 },
          { title: '状态', width: 100, render: (_, r) => <StatusTag row={r} /> },
          { title: '检验结果', width: 90, render: (_, r) => (r.result ? <Tag color={r.result === '合格' ? 'green' : 'red'}>{r.result}</Tag> : '—') },
        ]}
      />
    </Card>
  )
}

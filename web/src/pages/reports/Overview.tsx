/**
 * 总览 (/trace/overview?id=): the registration, every record with who entered it and when, step by step,
 * and the status history (who moved the report, when, and why it was returned).
 */
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Descriptions, Empty, Image, Space, Tag, Timeline, Typography } from 'antd'
import { useNavigate } from 'react-router-dom'
import { rangeText, type CheckItem, type RecordValue, type Report, type ReportRecord } from '@app/contract'
import * as diagramsApi from '../../api/diagrams'
import * as api from '../../api/reports'
import { usePictureUrl } from '../../components/pictureUrl'
import { openInNewTab } from '../../components/openInNewTab'
import Revealable, { useMayReveal } from '../../components/Revealable'
import StatusTag from './StatusTag'
import { blank } from './reportValues'
import { ReportLoading, useReport } from './Workflow'
import ShortTable from '../../components/ShortTable'

export function valueText(item: CheckItem, value: RecordValue | undefined): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) return '—'
  if (item.kind === 'pass_fail') return value ? '合格' : '不合格'
  if (item.kind === 'number') return `${value}${item.unit ? ` ${item.unit}` : ''}`
  if (item.kind === 'photo') return `照片 ${(value as number[]).length} 张`
  return String(value)
}

/** The last saved drawing of the report, as an object URL (null: none saved); read afresh on each visit, as it is redrawn. */
function useDiagramPicture(id: number, started: boolean) {
  const { src } = usePictureUrl(['diagram', id], (signal) => diagramsApi.diagramPicture(id, { signal }).then((d) => d.blob), { enabled: started, changes: true })
  return src ?? null
}

/** 历次检验: the other reports of this plate, each opening its own overview. */
function VehicleHistory({ id }: { id: number }) {
  const navigate = useNavigate()
  const { data, isPending } = useQuery({
    queryKey: ['reports', 'vehicleHistory', id],
    queryFn: ({ signal }) => api.vehicleHistory(id, { signal }),
  })
  const rows = isPending ? null : (data ?? [])
  return (
    <Card size="small" title="该车历次检验">
      <ShortTable<Report>
        rowKey="id" loading={rows === null} dataSource={rows ?? []}
        locale={{ emptyText: '暂无其他检验记录' }}
        onRow={(r) => (r.id === id ? {} : { onClick: () => navigate(`/trace/overview?id=${r.id}`), style: { cursor: 'pointer' } })}
        columns={[
          { title: '报告编号', dataIndex: 'reportNumber', width: 180, render: (v: string, r) => <>{v}{r.id === id && <Tag style={{ marginLeft: 8 }}>本次</Tag>}</> },
          { title: '登记时间', dataIndex: 'createTimeStr', width: 170 },
          { title: '基地', dataIndex: 'companyName', width: 140 },
          { title: '状态', width: 100, render: (_, r) => <StatusTag row={r} /> },
          { title: '检验结果', width: 90, render: (_, r) => (r.result ? <Tag color={r.result === '合格' ? 'green' : 'red'}>{r.result}</Tag> : '—') },
          { title: '下次检验日期', width: 120, render: (_, r) => blank(r.nextInspectionDate) },
        ]}
      />
    </Card>
  )
}

export default function OverviewPage() {
  const { id, report, error } = useReport()
  const navigate = useNavigate()
  const picture = useDiagramPicture(id, !!report?.steps.length)
  const mayReveal = useMayReveal()
  if (!report) return <ReportLoading error={error} />
  const byItem = new Map(report.records.map((r) => [r.itemKey, r]))
  const openPdf = () => openInNewTab(() => api.reportPdf(id))
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small" title={<Space>检验报告 {report.reportNumber}<StatusTag row={report} /></Space>}
        extra={<Space>
          <Button onClick={() => navigate('/trace/index')}>返回列表</Button>
          {report.steps.length > 0 && <Button onClick={() => navigate(`/trace/workflow?id=${id}`)}>录入记录</Button>}
          {report.steps.length > 0 && <Button onClick={() => navigate(`/diagramDetail/index?id=${id}`)}>示意图</Button>}
          {report.steps.length > 0 && <Button type="primary" onClick={() => void openPdf()}>打印报告</Button>}
        </Space>}
      >
        <Descriptions size="small" column={3} bordered>
          <Descriptions.Item label="车牌号">{report.licenseNumber}</Descriptions.Item>
          <Descriptions.Item label="车辆类型">{report.tankerType}</Descriptions.Item>
          <Descriptions.Item label="罐体编号">{blank(report.tankerNumber)}</Descriptions.Item>
          <Descriptions.Item label="单位">{blank(report.org)}</Descriptions.Item>
          <Descriptions.Item label="驾驶员">{report.contactName}</Descriptions.Item>
          <Descriptions.Item label="电话"><Revealable field="phone" masked={report.phone} allowed={mayReveal} reveal={() => api.revealPhone(id)} /></Descriptions.Item>
          <Descriptions.Item label="最近装载介质">{blank(report.latestMaterial)}</Descriptions.Item>
          <Descriptions.Item label="有效期">{blank(report.outdate)}</Descriptions.Item>
          <Descriptions.Item label="基地">{report.companyName}{report.center ? `（${report.center}）` : ''}</Descriptions.Item>
          <Descriptions.Item label="检验类型">{blank(report.typeName)}</Descriptions.Item>
          <Descriptions.Item label="检验模板">{report.templateName ? `${report.templateName}（第 ${report.templateVersion} 版）` : '—'}</Descriptions.Item>
          <Descriptions.Item label="工位">{blank(report.stationName)}</Descriptions.Item>
          <Descriptions.Item label="检验负责人">{blank(report.inspectorName)}</Descriptions.Item>
          <Descriptions.Item label="审核">{blank(report.reviewerName)}</Descriptions.Item>
          <Descriptions.Item label="签发">{blank(report.signerName)}{report.signTimeStr ? ` · ${report.signTimeStr}` : ''}</Descriptions.Item>
          <Descriptions.Item label="检验结果">{report.result ? <Tag color={report.result === '合格' ? 'green' : 'red'}>{report.result}</Tag> : '—'}</Descriptions.Item>
          <Descriptions.Item label="安全状况等级">{report.safetyGrade ? `${report.safetyGrade} 级` : '—'}</Descriptions.Item>
          <Descriptions.Item label="下次检验日期">{blank(report.nextInspectionDate)}{report.expiry ? <Tag color="orange" style={{ marginLeft: 8 }}>{report.expiry.label}</Tag> : null}</Descriptions.Item>
        </Descriptions>
      </Card>
      {report.steps.length === 0 && <Card size="small"><Empty description="尚未开始检验，没有记录" /></Card>}
      {report.steps.map((step, s) => (
        <Card key={step.key} size="small" title={`${s + 1}. ${step.name}`}>
          <ShortTable<CheckItem & { rec?: ReportRecord }>
            rowKey="key"
            dataSource={step.items.map((i) => ({ ...i, rec: byItem.get(i.key) }))}
            columns={[
              { title: '检验项', dataIndex: 'name', width: 220, render: (_, i) => <>{i.required && <span style={{ color: '#ff4d4f' }}>* </span>}{i.name}</> },
              { title: '记录', width: 200, render: (_, i) => valueText(i, i.rec?.value) },
              { title: '要求', width: 140, render: (_, i) => (i.kind === 'number' ? rangeText(i) || '—' : '—') },
              { title: '判定', width: 90, render: (_, i) => (i.rec?.passed == null ? '—' : <Tag color={i.rec.passed ? 'green' : 'red'}>{i.rec.passed ? '合格' : '不合格'}</Tag>) },
              { title: '录入人', width: 100, render: (_, i) => blank(i.rec?.userName) },
              { title: '录入时间', width: 170, render: (_, i) => blank(i.rec?.updateTimeStr) },
            ]}
          />
        </Card>
      ))}
      {picture && (
        <Card size="small" title="检验示意图">
          <Image src={picture} alt="检验示意图" style={{ maxHeight: 360, objectFit: 'contain' }} />
        </Card>
      )}
      <VehicleHistory id={id} />
      <Card size="small" title="状态记录">
        <Timeline items={report.events.map((e) => ({
          color: e.toStatus === 3 ? 'red' : e.toStatus === 6 ? 'green' : 'blue',
          children: <>
            <Typography.Text strong>{e.fromName ? `${e.fromName} → ${e.toName}` : e.toName}</Typography.Text>
            <span style={{ marginLeft: 12, color: '#888' }}>{e.userName || '—'} · {e.createTimeStr}</span>
            {e.reason && <div>原因：{e.reason}</div>}
          </>,
        }))} />
      </Card>
    </Space>
  )
}

/** 检验进度 (route checking, /trace/checking?id=): progress and results step by step, and the report's result. */
import { Button, Card, Col, Progress, Result, Row, Space, Statistic, Tag } from 'antd'
import { useNavigate } from 'react-router-dom'
import { REPORT_STATUS } from '@app/contract'
import StatusTag from './StatusTag'
import { stepProgress } from './reportValues'
import { ReportLoading, useReport } from './Workflow'

export default function CheckingPage() {
  const { id, report, error } = useReport()
  const navigate = useNavigate()
  if (!report) return <ReportLoading error={error} />
  const values = Object.fromEntries(report.records.map((r) => [r.itemKey, r.value]))
  const progress = stepProgress(report.steps, values)
  const total = progress.reduce((n, p) => n + p.total, 0)
  const filled = progress.reduce((n, p) => n + p.filled, 0)
  const failed = report.records.filter((r) => r.passed === false).length
  const done = report.status >= REPORT_STATUS.finished && report.status !== REPORT_STATUS.void
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title={<Space>检验进度 · {report.licenseNumber}<StatusTag row={report} /></Space>}
        extra={<Space><Button onClick={() => navigate(`/trace/overview?id=${id}`)}>总览</Button><Button onClick={() => navigate('/trace/index')}>返回列表</Button></Space>}>
        <Row gutter={24}>
          <Col span={6}><Statistic title="已录入" value={filled} suffix={`/ ${total}`} /></Col>
          <Col span={6}><Statistic title="不合格项" value={failed} valueStyle={{ color: failed ? '#cf1322' : undefined }} /></Col>
          <Col span={6}><Statistic title="必填未填" value={report.missing.length} /></Col>
          <Col span={6}><Statistic title="检验结果" value={report.result ?? (done ? '—' : '检验中')} valueStyle={{ color: report.result === '不合格' ? '#cf1322' : report.result ? '#3f8600' : undefined }} /></Col>
        </Row>
      </Card>
      {report.steps.length === 0
        ? <Card size="small"><Result status="info" title="尚未开始检验" /></Card>
        : (
          <Card size="small" title="各步骤">
            {report.steps.map((s, i) => {
              const p = progress[i]!
              return (
                <Row key={s.key} align="middle" style={{ padding: '8px 0' }}>
                  <Col span={5}>{i + 1}. {s.name}</Col>
                  <Col span={13}><Progress percent={p.total ? Math.round((p.filled / p.total) * 100) : 100} status={p.failed ? 'exception' : p.missing.length ? 'active' : 'success'} /></Col>
                  <Col span={6} style={{ paddingLeft: 16 }}>
                    {p.failed ? <Tag color="red">有不合格项</Tag> : p.missing.length ? <Tag>还差 {p.missing.length} 项必填</Tag> : <Tag color="green">已完成</Tag>}
                  </Col>
                </Row>
              )
            })}
          </Card>
        )}
      {report.safetyGrade != null && <Card size="small"><Statistic title="安全状况等级" value={report.safetyGrade} suffix="级" /></Card>}
    </Space>
  )
}

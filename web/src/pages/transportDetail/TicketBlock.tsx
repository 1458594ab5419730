/**
 * One ticket of the transport detail (运单详情): its picture (zoomable preview) beside its fields, each with what
 * the reading found; a field saved differently from the reading is highlighted.
 */
import type { ReactNode } from 'react'
import { Card, Col, Row, Typography, type TableColumnsType } from 'antd'
import ProofImage from '../../features/transports/ProofImage'
import type { FieldLine } from './detailValues'
import ShortTable from '../../components/ShortTable'

const DIFF_BG = '#fff1f0'

const columns: TableColumnsType<FieldLine> = [
  { title: '字段', dataIndex: 'label', width: 120 },
  {
    title: '当前值', dataIndex: 'value',
    render: (v: string, line) => (line.differs ? <Typography.Text type="danger" strong>{v || '（空）'}</Typography.Text> : v),
  },
  {
    title: '原始数据', dataIndex: 'original',
    render: (v: string | null) => (v === null ? <Typography.Text type="secondary">未识别</Typography.Text> : v),
  },
]

export default function TicketBlock({ title, picUrl, lines, extra, testId }: {
  title: string
  picUrl: string | null
  lines: FieldLine[]
  /** lines after the fields (the pound difference) */
  extra?: ReactNode
  testId: string
}) {
  const changed = lines.filter((l) => l.differs).length
  return (
    <Card
      title={title}
      size="small"
      extra={changed ? <Typography.Text type="danger">{changed} 项与原始数据不同</Typography.Text> : <Typography.Text type="secondary">与原始数据一致</Typography.Text>}
      style={{ marginBottom: 16 }}
      data-testid={testId}
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={9} style={{ textAlign: 'center' }}>
          <ProofImage url={picUrl} alt={`${title}票据`} width="100%" large />
        </Col>
        <Col xs={24} lg={15}>
          <ShortTable<FieldLine>
            rowKey="field"
            columns={columns}
            dataSource={lines}
            onRow={(line) => (line.differs ? { style: { background: DIFF_BG }, 'data-differs': 'true' } as object : {})}
          />
          {extra}
        </Col>
      </Row>
    </Card>
  )
}

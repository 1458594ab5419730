/** Every field of the ticket type with the value the test read, its source and confidence; hovering a row marks its box. */
import type { HTMLAttributes } from 'react'
import { Empty, Space, Tag, Tooltip, Typography } from 'antd'
import { WarningOutlined } from '@ant-design/icons'
import { formatConfidence, SOURCE_COLORS, SOURCE_LABELS, type ResultRow } from '../../features/ticketPictures/tester'
import ShortTable from '../../components/ShortTable'

export default function ResultTable({ rows, editedField, hovered, onHover }: {
  rows: ResultRow[]
  /** the rule's field, marked 本规则 */
  editedField?: string | null
  hovered: string | null
  onHover: (field: string | null) => void
}) {
  return (
    <ShortTable<ResultRow>
      rowKey="field"
      dataSource={rows}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有字段" /> }}
      onRow={(r) => ({
        'data-testid': `result-${r.field}`,
        'data-edited': r.field === editedField ? 'true' : undefined,
        onMouseEnter: () => onHover(r.field),
        onMouseLeave: () => onHover(null),
        style: r.field === editedField ? { background: '#fff2e8' } : r.field === hovered ? { background: '#f9f0ff' } : undefined,
      }) as HTMLAttributes<HTMLElement>}
      columns={[
        {
          title: '字段', dataIndex: 'label', width: 150,
          render: (_, r) => (
            <Space size={4}>
              <span style={{ fontWeight: r.field === editedField ? 600 : undefined }}>{r.label}</span>
              {r.field === editedField && <Tag color="orange" style={{ marginInlineEnd: 0 }}>本规则</Tag>}
            </Space>
          ),
        },
        {
          title: '识别值', dataIndex: 'value',
          render: (_, r) => (
            <Space size={4}>
              {r.value !== null
                ? <Typography.Text data-testid={`value-${r.field}`}>{r.value}</Typography.Text>
                : <Typography.Text type="secondary">未识别</Typography.Text>}
              {r.flag && <Tooltip title={r.flag}><WarningOutlined style={{ color: '#faad14' }} aria-label={r.flag} /></Tooltip>}
            </Space>
          ),
        },
        {
          title: '来源', dataIndex: 'source', width: 72,
          render: (_, r) => (r.source ? <Tag color={SOURCE_COLORS[r.source]}>{SOURCE_LABELS[r.source]}</Tag> : null),
        },
        {
          title: '置信度', dataIndex: 'confidence', width: 70, align: 'right',
          render: (_, r) => formatConfidence(r.confidence),
        },
      ]}
    />
  )
}

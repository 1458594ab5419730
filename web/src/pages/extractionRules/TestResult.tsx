/**
 * What one test found: the matched format, how many fields were read, the edited field's value, the
 * consistency flags, on a photo the boxes the values came from, every field's row and the raw OCR text.
 */
import { Alert, Button, Space, Tag, Tooltip, Typography } from 'antd'
import { WarningOutlined } from '@ant-design/icons'
import type { RuleTestResult } from '../../api/ticketReading'
import ResultTable from './ResultTable'
import { formatConfidence, SOURCE_COLORS, SOURCE_LABELS, type ResultRow } from '../../features/ticketPictures/tester'
import TicketBoxes, { type DrawnBox } from './TicketBoxes'

export default function TestResult({ result, rows, pictureUrl, editedField, hovered, onHover, ruleFormat, onUseText }: {
  result: RuleTestResult
  /** resultRows of the result */
  rows: ResultRow[]
  /** the tested photo (photo tests) */
  pictureUrl?: string
  editedField?: string | null
  hovered: string | null
  onHover: (field: string | null) => void
  /** the format of the rule being tried, to say when another format matched */
  ruleFormat?: { id: number; name: string } | null
  /** puts the photo's OCR text into the text tab */
  onUseText?: () => void
}) {
  const edited = editedField ? rows.find((r) => r.field === editedField) : undefined
  const filled = rows.filter((r) => r.value !== null).length
  const flags = rows.filter((r) => r.flag)
  const boxes: DrawnBox[] = rows.filter((r) => r.box).map((r) => ({
    field: r.field, label: r.label, value: r.value ?? '', box: r.box!, edited: r.field === editedField, active: r.field === hovered,
  }))
  return (
    <Space direction="vertical" size={10} style={{ width: '100%' }}>
      <Space wrap>
        {result.format
          ? <Tag color="success" data-testid="tester-format">匹配格式：{result.format.name}</Tag>
          : <Tag color="error" data-testid="tester-format">未匹配任何票据格式</Tag>}
        <Typography.Text type="secondary">识别出 {filled}/{rows.length} 个字段</Typography.Text>
        {onUseText && (
          <Tooltip title="把照片的识别文字放进“粘贴文字”，修改规则时不必每次重新识别照片">
            <Button size="small" onClick={onUseText}>用识别文字测试</Button>
          </Tooltip>
        )}
      </Space>
      {edited && (
        <div
          data-testid="tester-edited"
          style={{ display: 'flex', alignItems: 'center', gap: 10, flexWrap: 'wrap', padding: '8px 12px', background: '#fff7e6', border: '1px solid #ffd591', borderRadius: 6 }}
        >
          <Typography.Text strong>{edited.label}</Typography.Text>
          {edited.value !== null ? (
            <>
              <Typography.Text style={{ fontSize: 16 }} data-testid="tester-edited-value">{edited.value}</Typography.Text>
              {edited.source && <Tag color={SOURCE_COLORS[edited.source]} style={{ marginInlineEnd: 0 }}>{SOURCE_LABELS[edited.source]}</Tag>}
              {edited.confidence !== null && <Typography.Text type="secondary">置信度 {formatConfidence(edited.confidence)}</Typography.Text>}
            </>
          ) : (
            <Typography.Text type="warning">未取到值</Typography.Text>
          )}
          {edited.flag && <Typography.Text type="warning"><WarningOutlined /> {edited.flag}</Typography.Text>}
        </div>
      )}
      {ruleFormat && result.format && result.format.id !== ruleFormat.id && (
        <Alert
          type="warning"
          showIcon
          message={`这张票据匹配的是“${result.format.name}”，不是本规则所属的“${ruleFormat.name}”，本规则没有参与取值`}
        />
      )}
      {flags.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message="需要核对"
          description={<ul style={{ margin: 0, paddingLeft: 18 }}>{flags.map((r) => <li key={r.field}>{r.label}：{r.flag}</li>)}</ul>}
        />
      )}
      {pictureUrl && (
        <div style={{ textAlign: 'center' }}>
          <TicketBoxes src={pictureUrl} width={result.width} height={result.height} boxes={boxes} onHover={onHover} />
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              框出的是取值的位置{editedField ? '；橙色为本规则的字段' : ''}，鼠标移到字段上可查看
            </Typography.Text>
          </div>
        </div>
      )}
      <ResultTable rows={rows} editedField={editedField} hovered={hovered} onHover={onHover} />
      {result.origin && (
        <details>
          <summary style={{ cursor: 'pointer', color: '#595959' }}>识别文字（{result.origin.split('\n').length} 行）</summary>
          <pre style={{ whiteSpace: 'pre-wrap', background: '#fafafa', padding: 8, margin: '6px 0 0', maxHeight: 240, overflow: 'auto', fontSize: 12 }}>
            {result.origin}
          </pre>
        </details>
      )}
    </Space>
  )
}

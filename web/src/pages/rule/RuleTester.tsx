/**
 * 规则测试: a ticket photo (JPG/PNG/WebP ≤ 15 MB) or pasted OCR text is read with the stored formats
 * and rules plus the rule being edited, again ~400 ms after every change of the rule: which format
 * matched, every field's value, its source and confidence, the consistency flags, and on a photo the
 * boxes the values came from (the edited field's box emphasised).
 */
import { useEffect, useRef, useState, type HTMLAttributes } from 'react'
import { Alert, Button, Empty, Input, Radio, Space, Spin, Table, Tabs, Tag, Tooltip, Typography, Upload } from 'antd'
import { FileImageOutlined, InboxOutlined, WarningOutlined } from '@ant-design/icons'
import { TICKET_TYPES, type TicketType } from '@app/contract'
import { isCanceled, isHandled } from '../../api/request'
import * as readingApi from '../../api/ticketReading'
import type { CandidateRule, RuleTestResult } from '../../api/ticketReading'
import { TICKET_TYPE_OPTIONS } from '../../components/ticketFields'
import TicketBoxes, { type DrawnBox } from './TicketBoxes'
import {
  formatConfidence, imageProblem, LatestRunner, resultRows, SOURCE_COLORS, SOURCE_LABELS, TEST_DEBOUNCE_MS, type ResultRow,
} from './tester'

export type Kind = 'image' | 'text'

interface Job {
  key: string
  kind: Kind
  fileType: TicketType
  rule?: CandidateRule
  text?: string
  file?: File
}

interface Outcome {
  key: string
  fileType: TicketType
  result?: RuleTestResult
  error?: string
  /** the picture read (photo tests) */
  file?: File
}

/** What the tester reads: kept by the page, so the next rule is tried on the same photo or text. */
export interface TesterSample {
  kind: Kind
  file: File | null
  text: string
}

export interface RuleTesterProps {
  /** the photo or text to start with */
  sample?: TesterSample
  onSampleChange?: (sample: TesterSample) => void
  /** the ticket type of the rule's format; null: not known yet; undefined: the tester offers a choice */
  fileType?: TicketType | null
  /** the rule being edited (tried in place of the stored one) */
  rule?: CandidateRule
  /** the field to highlight (the rule's property) */
  editedField?: string | null
  /** the rule's format, to say when another format matched */
  ruleFormat?: { id: number; name: string } | null
}

let fileSeq = 0

/** An object URL of the file while it is shown. */
function useObjectUrl(file: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!file) {
      setUrl(undefined)
      return
    }
    const u = URL.createObjectURL(file)
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [file])
  return url
}

export default function RuleTester({ fileType: fixedType, rule, editedField, ruleFormat, sample, onSampleChange }: RuleTesterProps) {
  const [kind, setKind] = useState<Kind>(sample?.kind ?? 'image')
  const [ownType, setOwnType] = useState<TicketType>(1)
  const [picked, setPicked] = useState<{ file: File; seq: number } | null>(() => (sample?.file ? { file: sample.file, seq: ++fileSeq } : null))
  const pictureUrl = useObjectUrl(picked?.file)
  const [fileError, setFileError] = useState<string | null>(null)
  const [text, setText] = useState(sample?.text ?? '')

  const pickedFile = picked?.file ?? null
  useEffect(() => {
    onSampleChange?.({ kind, file: pickedFile, text })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, pickedFile, text])
  const [outcomes, setOutcomes] = useState<Partial<Record<Kind, Outcome>>>({})
  const [hovered, setHovered] = useState<string | null>(null)

  const fileType: TicketType | null = fixedType === undefined ? ownType : fixedType
  const ruleKey = rule ? JSON.stringify(rule) : ''
  const input = kind === 'image' ? (picked ? `file#${picked.seq}` : null) : text.trim() ? `text:${text}` : null
  const currentKey = input && fileType ? `${kind}|${fileType}|${ruleKey}|${input}` : null

  // a runner per kind (a photo being read does not hold up text tests); in-flight calls are aborted
  // when the tester goes away
  const runnersRef = useRef<Record<Kind, LatestRunner<Job, RuleTestResult>> | null>(null)
  useEffect(() => {
    const abort = new AbortController()
    const signal = abort.signal
    const exec = (job: Job) => job.kind === 'text'
      ? readingApi.testRuleOnText({ fileType: job.fileType, text: job.text!, rule: job.rule }, { silent: true, cancelDuplicate: false, signal })
      : readingApi.testRuleOnImage({ fileType: job.fileType, file: job.file!, filename: job.file!.name, rule: job.rule }, { silent: true, cancelDuplicate: false, signal })
    const store = (job: Job, o: Omit<Outcome, 'key' | 'fileType' | 'file'>) =>
      setOutcomes((all) => ({ ...all, [job.kind]: { key: job.key, fileType: job.fileType, file: job.file, ...o } }))
    const runner = () => new LatestRunner<Job, RuleTestResult>(exec, {
      result: (result, job) => store(job, { result }),
      error: (e, job) => {
        if (isCanceled(e) || isHandled(e)) return
        store(job, { error: (e as Error).message || '测试失败' })
      },
    })
    const runners = { image: runner(), text: runner() }
    runnersRef.current = runners
    return () => {
      runners.image.close()
      runners.text.close()
      abort.abort()
      if (runnersRef.current === runners) runnersRef.current = null
    }
  }, [])

  const shown = outcomes[kind]
  useEffect(() => {
    if (!currentKey || !fileType || shown?.key === currentKey) return
    const job: Job = {
      key: currentKey, kind, fileType, rule,
      ...(kind === 'text' ? { text } : { file: picked!.file }),
    }
    const t = setTimeout(() => runnersRef.current?.[job.kind].run(job), TEST_DEBOUNCE_MS)
    return () => clearTimeout(t)
    // `rule`, `text` and `picked` are all in currentKey
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentKey])

  const waiting = !!currentKey && shown?.key !== currentKey

  const onFile = (file: File) => {
    const problem = imageProblem(file)
    setFileError(problem)
    if (!problem) setPicked({ file, seq: ++fileSeq })
    return false // nothing is uploaded by the Upload itself
  }

  const rows = shown?.result ? resultRows(shown.result, shown.fileType) : []
  const boxes: DrawnBox[] = rows.filter((r) => r.box).map((r) => ({
    field: r.field, label: r.label, value: r.value ?? '', box: r.box!, edited: r.field === editedField, active: r.field === hovered,
  }))
  const filled = rows.filter((r) => r.value !== null).length
  const flags = rows.filter((r) => r.flag)
  const result = shown?.result

  const picker = (
    <Upload.Dragger
      accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
      multiple={false}
      showUploadList={false}
      fileList={[]}
      beforeUpload={onFile}
      style={{ padding: picked ? 0 : undefined }}
      data-testid="tester-upload"
    >
      {picked ? (
        <Space style={{ padding: '4px 0' }}>
          <FileImageOutlined />
          <Typography.Text ellipsis style={{ maxWidth: 320 }}>{picked.file.name}</Typography.Text>
          <Typography.Text type="secondary">点击或拖入以更换照片</Typography.Text>
        </Space>
      ) : (
        <>
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p className="ant-upload-text">点击或拖入票据照片</p>
          <p className="ant-upload-hint">JPG、PNG 或 WebP，不超过 15MB；只用于测试，不占用上传次数</p>
        </>
      )}
    </Upload.Dragger>
  )

  return (
    <div data-testid="rule-tester">
      <Space wrap style={{ marginBottom: 8 }}>
        {fixedType === undefined ? (
          <Radio.Group
            optionType="button"
            size="small"
            options={TICKET_TYPE_OPTIONS}
            value={ownType}
            onChange={(e) => setOwnType(e.target.value as TicketType)}
            aria-label="票据类型"
          />
        ) : fileType ? (
          <Tag color={fileType === 1 ? 'blue' : 'green'}>按{TICKET_TYPES[fileType]}识别</Tag>
        ) : null}
        <Typography.Text type="secondary">
          {rule ? '规则表单修改后自动重新测试' : '使用已保存的格式和规则测试'}
        </Typography.Text>
      </Space>
      {fileType === null ? (
        <Alert type="info" showIcon message="请先在左侧选择票据格式，再上传照片或粘贴文字进行测试" />
      ) : (
        <>
          <Tabs
            size="small"
            activeKey={kind}
            onChange={(k) => setKind(k as Kind)}
            items={[
              { key: 'image', label: '票据照片', children: picker },
              {
                key: 'text',
                label: '粘贴文字',
                children: (
                  <Input.TextArea
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    autoSize={{ minRows: 4, maxRows: 10 }}
                    maxLength={20_000}
                    placeholder={'粘贴票据的识别文字，每行一段，如：\n水泥发货单\n车号：川BGCA5U\n净重：38.57吨'}
                    aria-label="票据文字"
                    data-testid="tester-text"
                    style={{ fontFamily: 'monospace' }}
                  />
                ),
              },
            ]}
          />
          {fileError && kind === 'image' && <Alert type="error" showIcon message={fileError} style={{ marginTop: 8 }} role="alert" />}
          {!currentKey ? null : (
            <Spin spinning={waiting} tip={kind === 'image' ? '正在识别照片…' : '正在测试…'}>
              <div style={{ marginTop: 12, minHeight: 80 }} aria-busy={waiting} data-testid="tester-result">
                {kind === 'image' && pictureUrl && !(result && shown?.file === picked?.file) && (
                  <div style={{ textAlign: 'center' }}>
                    <TicketBoxes src={pictureUrl} width={0} height={0} boxes={[]} />
                  </div>
                )}
                {shown?.error && !waiting && <Alert type="error" showIcon message="测试失败" description={shown.error} role="alert" />}
                {result && (kind === 'text' || shown?.file === picked?.file) && (
                  <ResultView
                    result={result}
                    rows={rows}
                    filled={filled}
                    flags={flags}
                    boxes={boxes}
                    pictureUrl={kind === 'image' ? pictureUrl : undefined}
                    editedField={editedField}
                    hovered={hovered}
                    onHover={setHovered}
                    ruleFormat={rule ? ruleFormat : null}
                    onUseText={kind === 'image' && result.origin ? () => {
                      setText(result.origin)
                      setKind('text')
                    } : undefined}
                  />
                )}
                {!result && !shown?.error && <div style={{ height: 80 }} />}
              </div>
            </Spin>
          )}
        </>
      )}
    </div>
  )
}

function ResultView({ result, rows, filled, flags, boxes, pictureUrl, editedField, hovered, onHover, ruleFormat, onUseText }: {
  result: RuleTestResult
  rows: ResultRow[]
  filled: number
  flags: ResultRow[]
  boxes: DrawnBox[]
  pictureUrl?: string
  editedField?: string | null
  hovered: string | null
  onHover: (f: string | null) => void
  ruleFormat?: { id: number; name: string } | null
  onUseText?: () => void
}) {
  const edited = editedField ? rows.find((r) => r.field === editedField) : undefined
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
      <Table<ResultRow>
        size="small"
        rowKey="field"
        pagination={false}
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

/**
 * 规则测试: a ticket photo (JPG/PNG/WebP ≤ 15 MB) or pasted OCR text is read with the stored formats
 * and rules plus the rule being edited, again ~400 ms after every change of the rule: which format
 * matched, every field's value, its source and confidence, the consistency flags, and on a photo the
 * boxes the values came from (the edited field's box emphasised).
 */
import { useEffect, useState } from 'react'
import { Alert, Input, Radio, Space, Spin, Tabs, Tag, Typography } from 'antd'
import { RULE_TEST_TEXT_MAX, TICKET_TYPES, type CandidateRule, type TicketType } from '@app/contract'
import { TICKET_TYPE_OPTIONS } from '../../components/ticketFields'
import PicturePicker, { useObjectUrl } from '../../features/ticketPictures/PicturePicker'
import TestResult from './TestResult'
import { imageProblem, resultRows } from '../../features/ticketPictures/tester'
import TicketBoxes from './TicketBoxes'
import { useRuleTestRunner, type Kind, type TestJob } from './useRuleTestRunner'

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

export default function RuleTester({ fileType: fixedType, rule, editedField, ruleFormat, sample, onSampleChange }: RuleTesterProps) {
  const [kind, setKind] = useState<Kind>(sample?.kind ?? 'image')
  const [ownType, setOwnType] = useState<TicketType>(1)
  const [picked, setPicked] = useState<{ file: File; seq: number } | null>(() => (sample?.file ? { file: sample.file, seq: ++fileSeq } : null))
  const pictureUrl = useObjectUrl(picked?.file)
  const [fileError, setFileError] = useState<string | null>(null)
  const [text, setText] = useState(sample?.text ?? '')
  const [hovered, setHovered] = useState<string | null>(null)

  const pickedFile = picked?.file ?? null
  useEffect(() => {
    onSampleChange?.({ kind, file: pickedFile, text })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, pickedFile, text])

  const fileType: TicketType | null = fixedType === undefined ? ownType : fixedType
  const input = kind === 'image' ? (picked ? `file#${picked.seq}` : null) : text.trim() ? `text:${text}` : null
  const job: TestJob | null = input && fileType
    ? { key: `${kind}|${fileType}|${rule ? JSON.stringify(rule) : ''}|${input}`, kind, fileType, rule, ...(kind === 'text' ? { text } : { file: picked!.file }) }
    : null
  const { outcome: shown, waiting } = useRuleTestRunner(kind, job)

  const onFile = (file: File) => {
    const problem = imageProblem(file)
    setFileError(problem)
    if (!problem) setPicked({ file, seq: ++fileSeq })
  }

  const result = shown?.result
  // a photo's result is shown only with the photo it was read from
  const current = result && (kind === 'text' || shown?.file === picked?.file) ? result : undefined

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
              { key: 'image', label: '票据照片', children: <PicturePicker file={pickedFile} onFile={onFile} /> },
              {
                key: 'text',
                label: '粘贴文字',
                children: (
                  <Input.TextArea
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    autoSize={{ minRows: 4, maxRows: 10 }}
                    maxLength={RULE_TEST_TEXT_MAX}
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
          {job && (
            <Spin spinning={waiting} tip={kind === 'image' ? '正在识别照片…' : '正在测试…'}>
              <div style={{ marginTop: 12, minHeight: 80 }} aria-busy={waiting} data-testid="tester-result">
                {kind === 'image' && pictureUrl && !current && (
                  <div style={{ textAlign: 'center' }}>
                    <TicketBoxes src={pictureUrl} width={0} height={0} boxes={[]} />
                  </div>
                )}
                {shown?.error && !waiting && <Alert type="error" showIcon message="测试失败" description={shown.error} role="alert" />}
                {current && shown && (
                  <TestResult
                    result={current}
                    rows={resultRows(current, shown.fileType)}
                    pictureUrl={kind === 'image' ? pictureUrl : undefined}
                    editedField={editedField}
                    hovered={hovered}
                    onHover={setHovered}
                    ruleFormat={rule ? ruleFormat : null}
                    onUseText={kind === 'image' && current.origin ? () => {
                      setText(current.origin)
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

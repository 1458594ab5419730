/**
 * 录入记录 (route begin_workflow, /trace/workflow?id=): the frozen template's steps in order, each check
 * item as its kind's input, saved item by item as it is entered (who and when shown), a number outside
 * its range kept and marked 不合格. 完成检验 names the required items still empty. Read-only unless 正在检验.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { Alert, App, Button, Card, Empty, Input, InputNumber, Radio, Result, Select, Space, Spin, Steps, Tag, Typography } from 'antd'
import { CheckCircleTwoTone, CloseCircleTwoTone, LoadingOutlined } from '@ant-design/icons'
import { useNavigate } from 'react-router-dom'
import {
  isFilled, judgeRecord, rangeText, REPORT_LIMITS, REPORT_MOVES, REPORT_STATUS, type CheckItem, type RecordValue, type ReportDetail, type ReportRecord,
} from '@app/contract'
import * as api from '../../api/reports'
import { isHandled } from '../../api/request'
import { useRecordById } from '../../components/useRecordById'
import PhotoList from './PhotoList'
import StatusTag from './StatusTag'
import { stepProgress } from './reportValues'

type SaveState = { state: 'saving' | 'saved' | 'error'; message?: string }

/**
 * The report of the page's `?id=` (useRecordById); errors (another base's id, none) shown by the page.
 * `editing` (录入记录): read afresh at each opening, never a cached copy first, and not again while open.
 */
export const useReport = ({ editing = false } = {}) => {
  const { id, data: report, error, reload } = useRecordById<ReportDetail>({
    // its own key: a copy the view pages keep would otherwise be what it opens with
    key: editing ? ['reports', 'detail', 'editing'] : ['reports', 'detail'], load: api.reportDetail, missing: '缺少报告编号，请从检验登记列表进入', editing,
  })
  return { id, report, error, reload }
}

export function ReportLoading({ error }: { error: string | null }) {
  const navigate = useNavigate()
  if (error) return <Result status="warning" title="无法打开检验报告" subTitle={error} extra={<Button onClick={() => navigate('/trace/index')}>返回检验登记</Button>} />
  return <div style={{ padding: 64, textAlign: 'center' }}><Spin tip="正在加载…"><div style={{ height: 40 }} /></Spin></div>
}

function ItemInput({ item, value, disabled, onChange, onCommit }: {
  item: CheckItem
  value: RecordValue | undefined
  disabled: boolean
  onChange: (v: RecordValue) => void
  /** typed inputs save on blur; the others on change */
  onCommit: (v: RecordValue) => void
}) {
  switch (item.kind) {
    case 'pass_fail':
      return (
        <Radio.Group disabled={disabled} value={value ?? undefined} onChange={(e) => onCommit(e.target.value)} optionType="button" buttonStyle="solid"
          options={[{ label: '合格', value: true }, { label: '不合格', value: false }]} />
      )
    case 'number':
      return (
        <InputNumber
          disabled={disabled} value={typeof value === 'number' ? value : null} style={{ width: 200 }} addonAfter={item.unit || undefined}
          min={-REPORT_LIMITS.number} max={REPORT_LIMITS.number} placeholder={rangeText(item) || '请输入数值'}
          onChange={(v) => onChange(v ?? null)} onBlur={() => onCommit(value ?? null)} onPressEnter={() => onCommit(value ?? null)}
        />
      )
    case 'text':
      return (
        <Input.TextArea
          disabled={disabled} value={typeof value === 'string' ? value : ''} maxLength={REPORT_LIMITS.textValue} autoSize={{ minRows: 1, maxRows: 4 }}
          style={{ width: 360 }} placeholder="请输入" onChange={(e) => onChange(e.target.value)} onBlur={() => onCommit(value ?? null)}
        />
      )
    case 'photo':
      return <PhotoList disabled={disabled} max={REPORT_LIMITS.photosPerItem} value={Array.isArray(value) ? value : []} onChange={(ids) => onCommit(ids)} />
    case 'choice':
      return (
        <Select disabled={disabled} value={typeof value === 'string' && value ? value : undefined} style={{ width: 200 }} placeholder="请选择" allowClear
          options={item.options.map((o) => ({ label: o, value: o }))} onChange={(v) => onCommit(v ?? null)} />
      )
  }
}

export default function WorkflowPage() {
  // a cached copy shown first held the records of an earlier visit: 完成检验 then named filled items as empty,
  // and a read in the background would overwrite what is being typed
  const { id, report, error, reload } = useReport({ editing: true })
  const navigate = useNavigate()
  const { message, modal } = App.useApp()
  const [current, setCurrent] = useState(0)
  const [values, setValues] = useState<Record<string, RecordValue>>({})
  const [records, setRecords] = useState<Record<string, ReportRecord>>({})
  const [saves, setSaves] = useState<Record<string, SaveState>>({})
  const committed = useRef<Record<string, string>>({})
  // the report whose records `values` hold: until then 完成检验 would judge the records as all empty
  const [applied, setApplied] = useState<typeof report>()

  useEffect(() => {
    if (!report) return
    setValues(Object.fromEntries(report.records.map((r) => [r.itemKey, r.value])))
    setRecords(Object.fromEntries(report.records.map((r) => [r.itemKey, r])))
    committed.current = Object.fromEntries(report.records.map((r) => [r.itemKey, JSON.stringify(r.value)]))
    // open at the first step that still waits for a required item
    const filled = new Set(report.records.filter((r) => isFilled(r.value)).map((r) => r.itemKey))
    const next = report.steps.findIndex((s) => s.items.some((i) => i.required && !filled.has(i.key)))
    setCurrent(next < 0 ? 0 : next)
    setApplied(report)
  }, [report])

  const editable = report?.status === REPORT_STATUS.inspecting
  const progress = useMemo(() => (report ? stepProgress(report.steps, values) : []), [report, values])

  if (!report) return <ReportLoading error={error} />
  if (!report.steps.length) {
    return <Result status="info" title="该报告尚未开始检验" subTitle="请先在检验登记列表中“开始检验”，选择检验负责人和检验模板。" extra={<Button onClick={() => navigate('/trace/index')}>返回检验登记</Button>} />
  }

  const commit = async (item: CheckItem, value: RecordValue) => {
    setValues((v) => ({ ...v, [item.key]: value }))
    const text = JSON.stringify(value)
    if (committed.current[item.key] === text || (!isFilled(value) && committed.current[item.key] === undefined)) return
    setSaves((s) => ({ ...s, [item.key]: { state: 'saving' } }))
    try {
      const saved = await api.saveRecord(id, { itemKey: item.key, value }, { silent: true })
      committed.current[item.key] = text
      setRecords((r) => ({ ...r, [item.key]: saved }))
      setSaves((s) => ({ ...s, [item.key]: { state: 'saved' } }))
    } catch (e) {
      setSaves((s) => ({ ...s, [item.key]: { state: 'error', message: (e as Error).message } }))
    }
  }

  const finish = () => {
    const missing = progress.flatMap((p, i) => p.missing.map((name) => `${report.steps[i]!.name} / ${name}`))
    if (missing.length) {
      modal.warning({ title: '还不能完成检验', content: `以下必填检验项还未填写：${missing.slice(0, 10).join('、')}${missing.length > 10 ? ` 等 ${missing.length} 项` : ''}` })
      return
    }
    modal.confirm({
      title: '完成检验', content: '确定完成检验吗？完成后将根据记录判定检验结果，并交由他人审核。', okText: '确定', cancelText: '取消',
      onOk: async () => {
        try {
          const r = await api.changeStatus(id, REPORT_MOVES.finish.to)
          message.success(`检验完成，结果：${r.result}`)
          navigate(`/trace/checking?id=${id}`)
        } catch (e) {
          if (!isHandled(e)) throw e
        }
      },
    })
  }

  const step = report.steps[current]!
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap size={24}>
          <Typography.Title level={5} style={{ margin: 0 }}>录入记录 · {report.licenseNumber}</Typography.Title>
          <span>报告编号：{report.reportNumber}</span>
          <span>模板：{report.templateName}（第 {report.templateVersion} 版）</span>
          <span>检验负责人：{report.inspectorName ?? '—'}</span>
          <StatusTag row={report} />
          <Space>
            <Button onClick={() => navigate(`/trace/overview?id=${id}`)}>总览</Button>
            {editable && <Button type="primary" onClick={finish} disabled={applied !== report}>完成检验</Button>}
            {!editable && <Button onClick={reload}>刷新</Button>}
          </Space>
        </Space>
        {report.returnReason && editable && <Alert style={{ marginTop: 12 }} type="warning" showIcon message={`报告被退回：${report.returnReason}`} />}
        {!editable && <Alert style={{ marginTop: 12 }} type="info" showIcon message={`报告当前状态为“${report.statusName}”，记录只能查看；只有正在检验的报告才能录入记录。`} />}
      </Card>
      <Card size="small">
        <Steps
          size="small" current={current} onChange={setCurrent}
          items={report.steps.map((s, i) => ({
            title: s.name,
            description: `${progress[i]!.filled}/${progress[i]!.total}`,
            status: progress[i]!.failed ? 'error' : progress[i]!.missing.length === 0 ? 'finish' : i === current ? 'process' : 'wait',
          }))}
        />
      </Card>
      <Card title={`${current + 1}. ${step.name}`} size="small" extra={<Space>
        <Button disabled={current === 0} onClick={() => setCurrent(current - 1)}>上一步</Button>
        <Button disabled={current === report.steps.length - 1} type="primary" ghost onClick={() => setCurrent(current + 1)}>下一步</Button>
      </Space>}>
        {step.items.length === 0 && <Empty description="本步骤没有检验项" />}
        {step.items.map((item) => {
          const value = values[item.key]
          const judged = judgeRecord(item, value ?? null)
          const rec = records[item.key]
          const save = saves[item.key]
          return (
            <div key={item.key} data-item={item.name} style={{ display: 'flex', gap: 16, alignItems: 'flex-start', padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
              <div style={{ width: 220, flex: 'none' }}>
                <div>{item.required && <span style={{ color: '#ff4d4f' }}>* </span>}{item.name}</div>
                {item.kind === 'number' && rangeText(item) && <Typography.Text type="secondary" style={{ fontSize: 12 }}>要求 {rangeText(item)}</Typography.Text>}
              </div>
              <div style={{ flex: 'auto' }}>
                <ItemInput item={item} value={value} disabled={!editable} onChange={(v) => setValues((s) => ({ ...s, [item.key]: v }))} onCommit={(v) => void commit(item, v)} />
                {judged === false && <Tag color="red" style={{ marginLeft: 8 }}>不合格{item.kind === 'number' && rangeText(item) ? `（超出 ${rangeText(item)}）` : ''}</Tag>}
                {judged === true && <Tag color="green" style={{ marginLeft: 8 }}>合格</Tag>}
              </div>
              <div style={{ width: 220, flex: 'none', fontSize: 12, color: '#888', textAlign: 'right' }}>
                {save?.state === 'saving' && <span><LoadingOutlined /> 保存中…</span>}
                {save?.state === 'saved' && <span><CheckCircleTwoTone twoToneColor="#52c41a" /> 已保存</span>}
                {save?.state === 'error' && <span style={{ color: '#ff4d4f' }}><CloseCircleTwoTone twoToneColor="#ff4d4f" /> {save.message}</span>}
                {rec && save?.state !== 'error' && <div>{rec.userName} · {rec.updateTimeStr}</div>}
              </div>
            </div>
          )
        })}
      </Card>
    </Space>
  )
}

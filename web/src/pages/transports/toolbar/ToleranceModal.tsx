/**
 * 磅差容差 (issue 10, beyond the spec): each settlement unit's pound-difference tolerance, in tons or
 * per mille of the delivery net weight (default 1 t). Saving one recolours its transports.
 */
import { useEffect, useState } from 'react'
import { App, Button, InputNumber, Modal, Select, Table, Tag } from 'antd'
import { TOLERANCE_LIMITS, TOLERANCE_UNITS, toleranceBody, ToleranceMsg, type SettlementTolerance, type ToleranceUnit } from '@app/contract'
import * as api from '../../../api/transportExports'

export interface ToleranceModalProps {
  open: boolean
  /** headquarters' base from the grid's filters */
  companyId?: number
  onClose: () => void
  /** a tolerance changed: the grid's colours may have too */
  onSaved: () => void
}

const UNIT_OPTIONS = (Object.keys(TOLERANCE_UNITS) as ToleranceUnit[]).map((u) => ({ value: u, label: TOLERANCE_UNITS[u] }))

export default function ToleranceModal({ open, companyId, onClose, onSaved }: ToleranceModalProps) {
  const { message } = App.useApp()
  const [rows, setRows] = useState<SettlementTolerance[]>([])
  const [loading, setLoading] = useState(false)
  const [saving, setSaving] = useState<string | null>(null)

  const load = () => {
    setLoading(true)
    api.findTolerances(companyId).then(setRows, () => setRows([])).finally(() => setLoading(false))
  }
  useEffect(() => {
    if (open) load()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, companyId])

  const edit = (settlement: string, change: Partial<SettlementTolerance>) =>
    setRows((list) => list.map((r) => (r.settlement === settlement ? { ...r, ...change } : r)))

  const save = async (row: SettlementTolerance) => {
    const parsed = toleranceBody.safeParse({ companyId, settlement: row.settlement, unit: row.unit, value: Number.isNaN(row.value) ? undefined : row.value })
    if (!parsed.success) {
      message.warning(parsed.error.issues[0]?.message ?? ToleranceMsg.valueNumber)
      return
    }
    setSaving(row.settlement)
    try {
      const saved = await api.saveTolerance(parsed.data)
      edit(row.settlement, saved)
      message.success(`${ToleranceMsg.saved}，已重新标记${saved.transports}条运单`)
      onSaved()
    } catch {
      // the request client showed the message
    } finally {
      setSaving(null)
    }
  }

  return (
    <Modal open={open} title="磅差容差（按结算单位）" width={760} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<SettlementTolerance>
        rowKey="settlement"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{ emptyText: '暂无结算单位（上传运单后出现）' }}
        columns={[
          {
            title: '结算单位', dataIndex: 'settlement', ellipsis: true,
            render: (v: string, r) => <>{v} {!r.saved && <Tag>默认</Tag>}</>,
          },
          { title: '运单数', dataIndex: 'transports', width: 80, align: 'right' },
          {
            title: '单位', dataIndex: 'unit', width: 170,
            render: (_, r) => <Select size="small" style={{ width: '100%' }} value={r.unit} options={UNIT_OPTIONS} onChange={(unit) => edit(r.settlement, { unit })} />,
          },
          {
            title: '容差', dataIndex: 'value', width: 130,
            render: (_, r) => (
              <InputNumber
                size="small" style={{ width: '100%' }} value={r.value} step={r.unit === 'ton' ? 0.1 : 1}
                min={TOLERANCE_LIMITS[r.unit].min} max={TOLERANCE_LIMITS[r.unit].max}
                onChange={(value) => edit(r.settlement, { value: value ?? NaN })}
              />
            ),
          },
          {
            title: '操作', key: 'save', width: 80,
            render: (_, r) => <Button type="link" size="small" loading={saving === r.settlement} onClick={() => save(r)}>保存</Button>,
          },
        ]}
      />
    </Modal>
  )
}

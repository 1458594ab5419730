/**
 * 导出数据 (spec 001 §2): choose the columns (all by default, at least one), then the export of the
 * grid's filters, or of the selected rows (导出所选: `selected` says how many).
 */
import { useState } from 'react'
import { App, Checkbox, Modal } from 'antd'
import { TRANSPORT_COLUMNS, TransportExportMsg, type TransportColumn } from '@app/contract'
import { checkAllState, inOrder } from './toolbarValues'
import styles from './toolbar.module.css'

export interface ExportColumnsModalProps {
  open: boolean
  /** the columns in the grid's order */
  order: TransportColumn[]
  /** exports the chosen columns; resolves when the file is there (or the failure was shown) */
  onExport: (columns: TransportColumn[]) => Promise<void>
  onClose: () => void
  /** the export is of this many selected rows */
  selected?: number
}

export default function ExportColumnsModal({ open, order, onExport, onClose, selected }: ExportColumnsModalProps) {
  const { message } = App.useApp()
  const [chosen, setChosen] = useState<TransportColumn[]>(order)
  const [busy, setBusy] = useState(false)
  const all = checkAllState(chosen.length, order.length)

  const submit = async () => {
    if (!chosen.length) {
      message.warning(TransportExportMsg.noColumns)
      return
    }
    setBusy(true)
    try {
      await onExport(inOrder(order, chosen))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={selected ? `选择导出列（所选 ${selected} 条运单）` : '选择导出列'}
      width={640}
      okText="导出"
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && setChosen(order)}
      maskClosable={false}
    >
      <Checkbox
        checked={all.checked}
        indeterminate={all.indeterminate}
        onChange={(e) => setChosen(e.target.checked ? order : [])}
      >
        全选
      </Checkbox>
      <Checkbox.Group className={styles.columns} value={chosen} onChange={(v) => setChosen(v as TransportColumn[])}>
        {order.map((key) => <Checkbox key={key} value={key}>{TRANSPORT_COLUMNS[key]}</Checkbox>)}
      </Checkbox.Group>
    </Modal>
  )
}

/**
 * 预览 (spec 001 §2 "Export flow"): the downloaded spreadsheet rendered in the browser (exceljs is
 * loaded only now), then 下载. A file that cannot be read still downloads.
 */
import { useEffect, useState } from 'react'
import { Alert, App, Button, Modal, Spin } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import { TransportExportMsg } from '@app/contract'
import { saveBlob, type Download } from '../../../api/request'
import { PREVIEW_MAX_BYTES, PREVIEW_MAX_ROWS, sheetPreview, type SheetPreview } from './sheetPreview'
import styles from './toolbar.module.css'

type State = { status: 'loading' } | { status: 'ready'; preview: SheetPreview } | { status: 'failed' } | { status: 'large' }

async function readPreview(file: Download): Promise<SheetPreview> {
  const { default: ExcelJS } = await import('exceljs')
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(await file.blob.arrayBuffer())
  const sheet = book.worksheets[0]
  if (!sheet) throw new Error('no sheet')
  return sheetPreview(sheet)
}

export default function SpreadsheetPreviewModal({ file, onClose }: { file: Download | null; onClose: () => void }) {
  const { message } = App.useApp()
  const [state, setState] = useState<State>({ status: 'loading' })

  useEffect(() => {
    if (!file) return
    let live = true
    if (file.blob.size > PREVIEW_MAX_BYTES) {
      setState({ status: 'large' })
      return
    }
    setState({ status: 'loading' })
    readPreview(file).then(
      (preview) => live && setState({ status: 'ready', preview }),
      () => live && setState({ status: 'failed' }),
    )
    return () => { live = false }
  }, [file])

  const save = () => {
    if (!file?.blob.size) {
      message.warning(TransportExportMsg.noFile)
      return
    }
    try {
      saveBlob(file.blob, file.filename)
      message.success(TransportExportMsg.downloaded)
      onClose()
    } catch {
      message.error(TransportExportMsg.downloadFailed)
    }
  }

  return (
    <Modal
      open={!!file}
      title={`预览：${file?.filename ?? ''}`}
      width="min(1200px, 96vw)"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>关闭</Button>,
        <Button key="download" type="primary" icon={<DownloadOutlined />} onClick={save}>下载</Button>,
      ]}
    >
      {state.status === 'loading' && <div className={styles.center}><Spin tip="正在读取表格…"><div className={styles.spinBox} /></Spin></div>}
      {state.status === 'failed' && <Alert type="warning" showIcon message={TransportExportMsg.cannotPreview} />}
      {state.status === 'large' && (
        <Alert type="info" showIcon message={`${TransportExportMsg.cannotPreview}（文件约 ${Math.ceil((file?.blob.size ?? 0) / 1024 / 1024)} MB，请下载后查看）`} />
      )}
      {state.status === 'ready' && <PreviewTable preview={state.preview} />}
    </Modal>
  )
}

function PreviewTable({ preview }: { preview: SheetPreview }) {
  return (
    <>
      {preview.totalRows > preview.rows.length && (
        <Alert className={styles.note} type="info" showIcon message={`仅预览前 ${PREVIEW_MAX_ROWS} 行（共 ${preview.totalRows} 行），下载后可查看全部`} />
      )}
      <div className={styles.sheet} data-testid="spreadsheet-preview">
        <table>
          <colgroup>{preview.widths.map((w, i) => <col key={i} style={{ width: w }} />)}</colgroup>
          <tbody>
            {preview.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => cell && (
                  <td
                    key={c}
                    colSpan={cell.colSpan > 1 ? cell.colSpan : undefined}
                    rowSpan={cell.rowSpan > 1 ? cell.rowSpan : undefined}
                    style={{ fontWeight: cell.bold ? 600 : undefined, textAlign: cell.align, color: cell.color, background: cell.background }}
                  >
                    {cell.text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

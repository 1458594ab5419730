/**
 * The transport grid's toolbar (spec 001 §2): 导出对账单, 导出数据 (column choice), 发送短信 and
 * 磅差容差. Both exports end in the preview dialog, whose 下载 saves the file.
 */
import { useMemo, useState } from 'react'
import { App, Button, Space } from 'antd'
import { FileExcelOutlined, FileTextOutlined, SettingOutlined } from '@ant-design/icons'
import { TransportExportMsg, type TransportFilters } from '@app/contract'
import { isHandled, type Download, type RequestOptions } from '../../../api/request'
import * as api from '../../../api/transportExports'
import ExportColumnsModal from './ExportColumnsModal'
import ExportSumModal from './ExportSumModal'
import SendSmsButton from './SendSmsButton'
import SpreadsheetPreviewModal from './SpreadsheetPreviewModal'
import ToleranceModal from './ToleranceModal'
import { exportColumnOrder } from './toolbarValues'

export interface TransportToolbarProps {
  /** the filters the grid was last loaded with */
  filters: () => TransportFilters
  selectedIds: number[]
  /** the grid's column keys in the user's order */
  gridOrder: string[]
  /** something the grid shows changed (a tolerance recoloured transports) */
  onChanged: () => void
}

type Dialog = 'statement' | 'columns' | 'tolerance' | null

export default function TransportToolbar({ filters, selectedIds, gridOrder, onChanged }: TransportToolbarProps) {
  const { message } = App.useApp()
  const [dialog, setDialog] = useState<Dialog>(null)
  const [file, setFile] = useState<Download | null>(null)
  const order = useMemo(() => exportColumnOrder(gridOrder), [gridOrder])
  const close = () => setDialog(null)

  /** Runs an export; the file opens in the preview, a failure says 导出失败 with the server's reason. */
  const exportThen = async (run: (opts: RequestOptions) => Promise<Download>) => {
    try {
      const download = await run({ silent: true })
      if (!download.blob.size) {
        message.warning(TransportExportMsg.noFile)
        return
      }
      close()
      setFile(download)
    } catch (e) {
      if (!isHandled(e)) message.error(`${TransportExportMsg.exportFailed}：${(e as Error).message}`, 5)
    }
  }

  const current = dialog ? filters() : {}
  return (
    <Space wrap>
      <Button icon={<FileTextOutlined />} onClick={() => setDialog('statement')}>导出对账单</Button>
      <Button icon={<FileExcelOutlined />} onClick={() => setDialog('columns')}>导出数据</Button>
      <SendSmsButton selectedIds={selectedIds} filters={filters} />
      <Button icon={<SettingOutlined />} onClick={() => setDialog('tolerance')}>磅差容差</Button>

      <ExportSumModal
        open={dialog === 'statement'} companyId={current.companyId} range={current.deliveryTimeQuery as (string | null)[] | undefined}
        onExport={(body) => exportThen((opts) => api.exportStatement(body, opts))} onClose={close}
      />
      <ExportColumnsModal
        open={dialog === 'columns'} order={order}
        onExport={(exportColumns) => exportThen((opts) => api.exportTransports({ ...filters(), exportColumns }, opts))} onClose={close}
      />
      <ToleranceModal open={dialog === 'tolerance'} companyId={current.companyId} onClose={close} onSaved={onChanged} />
      <SpreadsheetPreviewModal file={file} onClose={() => setFile(null)} />
    </Space>
  )
}

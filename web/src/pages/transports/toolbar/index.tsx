/**
 * The transport grid's toolbar (spec 001 §2): 导出对账单, 导出数据 (column choice), 发送短信 and
 * 磅差容差. Both exports end in the preview dialog, whose 下载 saves the file. The dialogs load when
 * the browser is idle after the grid has shown its rows (or when first opened): the home page does
 * not wait for them.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { App, Button, Space } from 'antd'
import { FileExcelOutlined, FileTextOutlined, SettingOutlined } from '@ant-design/icons'
import { TransportExportMsg, type TransportFilters } from '@app/contract'
import { isHandled, type Download, type RequestOptions } from '../../../api/request'
import { whenIdle } from '../../../components/whenIdle'
import * as api from '../../../api/transportExports'
import SendSmsButton from './SendSmsButton'
import { exportColumnOrder } from './toolbarValues'

const loaders = {
  statement: () => import('./ExportSumModal'),
  columns: () => import('./ExportColumnsModal'),
  tolerance: () => import('./ToleranceModal'),
  preview: () => import('./SpreadsheetPreviewModal'),
}
const ExportSumModal = lazy(loaders.statement)
const ExportColumnsModal = lazy(loaders.columns)
const ToleranceModal = lazy(loaders.tolerance)
const SpreadsheetPreviewModal = lazy(loaders.preview)

export interface TransportToolbarProps {
  /** the filters the grid was last loaded with */
  filters: () => TransportFilters
  selectedIds: number[]
  /** the grid's column keys in the user's order */
  gridOrder: string[]
  /** something the grid shows changed (a tolerance recoloured transports) */
  onChanged: () => void
  /** the grid has shown its rows: load the dialogs when the browser is idle */
  prefetch: boolean
}

type Dialog = 'statement' | 'columns' | 'tolerance' | null

export default function TransportToolbar({ filters, selectedIds, gridOrder, onChanged, prefetch }: TransportToolbarProps) {
  const { message } = App.useApp()
  const [dialog, setDialog] = useState<Dialog>(null)
  /** the dialogs opened so far: they stay mounted, so that they close with their animation */
  const [opened, setOpened] = useState<ReadonlySet<Dialog | 'preview'>>(new Set())
  const [file, setFile] = useState<Download | null>(null)
  const open = (d: Dialog | 'preview') => setOpened((s) => (s.has(d) ? s : new Set([...s, d])))
  useEffect(() => (prefetch ? whenIdle(() => Object.values(loaders).forEach((load) => void load())) : undefined), [prefetch])
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
      open('preview')
      setFile(download)
    } catch (e) {
      if (!isHandled(e)) message.error(`${TransportExportMsg.exportFailed}：${(e as Error).message}`, 5)
    }
  }

  const show = (d: Exclude<Dialog, null>) => {
    open(d)
    setDialog(d)
  }
  const current = dialog ? filters() : {}
  return (
    <Space wrap>
      <Button icon={<FileTextOutlined />} onClick={() => show('statement')}>导出对账单</Button>
      <Button icon={<FileExcelOutlined />} onClick={() => show('columns')}>导出数据</Button>
      <SendSmsButton selectedIds={selectedIds} filters={filters} />
      <Button icon={<SettingOutlined />} onClick={() => show('tolerance')}>磅差容差</Button>

      <Suspense fallback={null}>
        {opened.has('statement') && (
          <ExportSumModal
            open={dialog === 'statement'} companyId={current.companyId} range={current.deliveryTimeQuery as (string | null)[] | undefined}
            onExport={(body) => exportThen((opts) => api.exportStatement(body, opts))} onClose={close}
          />
        )}
        {opened.has('columns') && (
          <ExportColumnsModal
            open={dialog === 'columns'} order={order}
            onExport={(exportColumns) => exportThen((opts) => api.exportTransports({ ...filters(), exportColumns }, opts))} onClose={close}
          />
        )}
        {opened.has('tolerance') && <ToleranceModal open={dialog === 'tolerance'} companyId={current.companyId} onClose={close} onSaved={onChanged} />}
        {opened.has('preview') && <SpreadsheetPreviewModal file={file} onClose={() => setFile(null)} />}
      </Suspense>
    </Space>
  )
}

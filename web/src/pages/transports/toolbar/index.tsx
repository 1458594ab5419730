/**
 * The transport grid's toolbar (spec 001 §2): 上传票据 (for those who may upload), 导出对账单, 导出数据
 * (column choice), 发送短信 (over the grid's filters) and 磅差容差; the selection bar's 导出所选 and
 * 发送短信 work on the selected rows. Both exports end in the preview dialog, whose 下载 saves the
 * file. The dialogs load when the browser is idle after the grid has shown its rows (or when first
 * opened): the home page does not wait for them.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { App, Button, Space } from 'antd'
import { CameraOutlined, FileExcelOutlined, FileTextOutlined, SettingOutlined } from '@ant-design/icons'
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

/** where the menu's 上传票据 leads */
export const UPLOAD_PATH = '/upload/index'

export interface ToolbarDialogsProps {
  /** the filters the grid was last loaded with */
  filters: () => TransportFilters
  /** the grid's column keys in the user's order */
  gridOrder: string[]
  /** something the grid shows changed (a tolerance recoloured transports) */
  onChanged: () => void
  /** the grid has shown its rows: load the dialogs when the browser is idle */
  prefetch: boolean
}

type Dialog = 'statement' | 'columns' | 'tolerance' | null

export interface ToolbarDialogs {
  /** opens a dialog; 'columns' with `ids` exports those transports only */
  show: (d: Exclude<Dialog, null>, ids?: number[]) => void
  /** the dialogs, once opened */
  element: ReactNode
}

/** The toolbar's dialogs, opened from the toolbar and from the selection bar. */
export function useToolbarDialogs({ filters, gridOrder, onChanged, prefetch }: ToolbarDialogsProps): ToolbarDialogs {
  const { message } = App.useApp()
  const [dialog, setDialog] = useState<Dialog>(null)
  const [exportIds, setExportIds] = useState<number[] | null>(null)
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

  const show = (d: Exclude<Dialog, null>, ids?: number[]) => {
    setExportIds(ids?.length ? ids : null)
    open(d)
    setDialog(d)
  }
  const current = dialog ? filters() : {}
  const element = (
    <Suspense fallback={null}>
      {opened.has('statement') && (
        <ExportSumModal
          open={dialog === 'statement'} companyId={current.companyId} range={current.deliveryTimeQuery as (string | null)[] | undefined}
          onExport={(body) => exportThen((opts) => api.exportStatement(body, opts))} onClose={close}
        />
      )}
      {opened.has('columns') && (
        <ExportColumnsModal
          open={dialog === 'columns'} order={order} selected={exportIds?.length}
          onExport={(exportColumns) => exportThen((opts) => api.exportTransports(exportIds ? { exportColumns, ids: exportIds } : { ...filters(), exportColumns }, opts))}
          onClose={close}
        />
      )}
      {opened.has('tolerance') && <ToleranceModal open={dialog === 'tolerance'} companyId={current.companyId} onClose={close} onSaved={onChanged} />}
      {opened.has('preview') && <SpreadsheetPreviewModal file={file} onClose={() => setFile(null)} />}
    </Suspense>
  )
  return { show, element }
}

export interface TransportToolbarProps {
  dialogs: ToolbarDialogs
  filters: () => TransportFilters
  /** the user may upload tickets (the menu's 上传票据) */
  canUpload: boolean
}

export default function TransportToolbar({ dialogs, filters, canUpload }: TransportToolbarProps) {
  const navigate = useNavigate()
  return (
    <Space wrap>
      {canUpload && <Button type="primary" icon={<CameraOutlined />} onClick={() => navigate(UPLOAD_PATH)}>上传票据</Button>}
      <Button icon={<FileTextOutlined />} onClick={() => dialogs.show('statement')}>导出对账单</Button>
      <Button icon={<FileExcelOutlined />} onClick={() => dialogs.show('columns')}>导出数据</Button>
      <SendSmsButton selectedIds={[]} filters={filters} />
      <Button icon={<SettingOutlined />} onClick={() => dialogs.show('tolerance')}>磅差容差</Button>
    </Space>
  )
}

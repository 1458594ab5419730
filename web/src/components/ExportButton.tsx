/** 导出: downloads (the caller passes `opts` on: errors are shown here as 导出失败)  a server export (xlsx) through the request client and hands it to the browser. */
import { useState } from 'react'
import { App, Button, type ButtonProps } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import { isHandled, saveBlob, type Download, type RequestOptions } from '../api/request'

export default function ExportButton({ run, children = '导出', ...rest }: { run: (opts: RequestOptions) => Promise<Download> } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const { message } = App.useApp()
  const [loading, setLoading] = useState(false)
  const onClick = async () => {
    setLoading(true)
    try {
      const { blob, filename } = await run({ silent: true })
      saveBlob(blob, filename)
      message.success('下载成功')
    } catch (e) {
      if (!isHandled(e)) message.error(`导出失败：${(e as Error).message}`, 5)
    } finally {
      setLoading(false)
    }
  }
  return (
    <Button icon={<DownloadOutlined />} {...rest} loading={loading} onClick={onClick}>
      {children}
    </Button>
  )
}

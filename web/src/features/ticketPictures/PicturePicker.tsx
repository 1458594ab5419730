/** The tester's photo, clicked or dropped (RuleTester checks it before anything is sent), and its object URL. */
import { useEffect, useState } from 'react'
import { Space, Typography, Upload } from 'antd'
import { FileImageOutlined, InboxOutlined } from '@ant-design/icons'
import { megabytes, TICKET_MAX_BYTES } from '@app/contract'

/** An object URL of the file while it is shown. */
export function useObjectUrl(file: Blob | null | undefined): string | undefined {
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

export default function PicturePicker({ file, onFile }: {
  /** the photo picked so far */
  file: File | null
  onFile: (file: File) => void
}) {
  return (
    <Upload.Dragger
      accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
      multiple={false}
      showUploadList={false}
      fileList={[]}
      beforeUpload={(f) => {
        onFile(f)
        return false // nothing is uploaded by the Upload itself
      }}
      style={{ padding: file ? 0 : undefined }}
      data-testid="tester-upload"
    >
      {file ? (
        <Space style={{ padding: '4px 0' }}>
          <FileImageOutlined />
          <Typography.Text ellipsis style={{ maxWidth: 320 }}>{file.name}</Typography.Text>
          <Typography.Text type="secondary">点击或拖入以更换照片</Typography.Text>
        </Space>
      ) : (
        <>
          <p className="ant-upload-drag-icon"><InboxOutlined /></p>
          <p className="ant-upload-text">点击或拖入票据照片</p>
          <p className="ant-upload-hint">JPG、PNG 或 WebP，不超过 {megabytes(TICKET_MAX_BYTES)}MB；只用于测试，不占用上传次数</p>
        </>
      )}
    </Upload.Dragger>
  )
}

/**
 * One attachment as a form value (its id): upload through the API (type checked by the server, 10 MB
 * at most), show what is there (a thumbnail for pictures, loaded with the session token), remove it.
 */
import { useEffect, useState } from 'react'
import { App, Button, Upload, type UploadFile } from 'antd'
import { PlusOutlined, UploadOutlined } from '@ant-design/icons'
import { ATTACHMENT_MAX_BYTES, AttachmentMsg, type AttachmentInfo } from '@app/contract'
import * as attachmentsApi from '../api/attachments'
import { isHandled, saveBlob } from '../api/request'

interface Props {
  value?: number | null
  onChange?: (id: number | null) => void
  fileType: number
  /** a picture card with a thumbnail instead of a file line */
  picture?: boolean
  accept?: string
  disabled?: boolean
}

async function thumbUrl(id: number) {
  const { blob } = await attachmentsApi.fetchAttachment(id, true, { silent: true })
  return URL.createObjectURL(blob)
}

export default function AttachmentUpload({ value, onChange, fileType, picture, accept, disabled }: Props) {
  const { message } = App.useApp()
  const [files, setFiles] = useState<UploadFile[]>([])

  // show the attachment the form already holds (e.g. when editing)
  useEffect(() => {
    let cancelled = false
    let objectUrl: string | undefined
    if (!value) {
      setFiles([])
      return
    }
    if (files[0]?.uid === String(value)) return
    attachmentsApi.getAttachment(value, { silent: true })
      .then(async (info) => {
        objectUrl = picture && info.isImage ? await thumbUrl(info.id).catch(() => undefined) : undefined
        if (!cancelled) setFiles([{ uid: String(info.id), name: info.name, status: 'done', thumbUrl: objectUrl, url: objectUrl }])
      })
      .catch(() => {
        if (!cancelled) setFiles([{ uid: String(value), name: `附件 ${value}`, status: 'error' }])
      })
    return () => {
      cancelled = true
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, picture])

  const customRequest: NonNullable<Parameters<typeof Upload>[0]['customRequest']> = async ({ file, onSuccess, onError }) => {
    try {
      const info: AttachmentInfo = await attachmentsApi.uploadAttachment(file as File, fileType, { silent: true })
      const url = picture && info.isImage ? await thumbUrl(info.id).catch(() => undefined) : undefined
      setFiles([{ uid: String(info.id), name: info.name, status: 'done', thumbUrl: url, url }])
      onSuccess?.(info)
      onChange?.(info.id)
      message.success('上传成功')
    } catch (e) {
      setFiles([])
      if (!isHandled(e)) message.error(`上传失败：${(e as Error).message}`, 5)
      onError?.(e as Error)
    }
  }

  const open = async (file: UploadFile) => {
    const id = Number(file.uid)
    if (!id) return
    try {
      const { blob, filename } = await attachmentsApi.fetchAttachment(id, false, { silent: true })
      if (blob.type.startsWith('image/')) window.open(URL.createObjectURL(blob), '_blank', 'noopener')
      else saveBlob(blob, filename)
    } catch (e) {
      if (!isHandled(e)) message.error(`下载失败：${(e as Error).message}`)
    }
  }

  return (
    <Upload
      accept={accept}
      maxCount={1}
      fileList={files}
      listType={picture ? 'picture-card' : 'text'}
      disabled={disabled}
      customRequest={customRequest}
      beforeUpload={(file) => {
        if (file.size > ATTACHMENT_MAX_BYTES) {
          message.error(AttachmentMsg.tooLarge)
          return Upload.LIST_IGNORE
        }
        setFiles([{ uid: file.uid, name: file.name, status: 'uploading' }])
        return true
      }}
      onPreview={open}
      onRemove={() => {
        setFiles([])
        onChange?.(null)
        return true
      }}
    >
      {files.length >= 1 ? null : picture ? (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>上传图片</div>
        </button>
      ) : (
        <Button icon={<UploadOutlined />}>上传附件</Button>
      )}
    </Upload>
  )
}

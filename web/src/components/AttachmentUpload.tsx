/**
 * One attachment as a form value (its id): upload through the API (type checked by the server, 10 MB
 * at most), show what is there (a thumbnail for pictures, loaded with the session token), remove it.
 */
import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Upload, type UploadFile } from 'antd'
import { PlusOutlined, UploadOutlined } from '@ant-design/icons'
import { ATTACHMENT_MAX_BYTES, AttachmentMsg, type AttachmentInfo } from '@app/contract'
import * as attachmentsApi from '../api/attachments'
import { isHandled, saveBlob } from '../api/request'
import { useAttachmentPicture } from './pictureUrl'

interface Props {
  value?: number | null
  onChange?: (id: number | null) => void
  fileType: number
  /** a picture card with a thumbnail instead of a file line */
  picture?: boolean
  accept?: string
  disabled?: boolean
}

const infoKey = (id: number) => ['attachments', 'info', id]

/** What the upload shows: the file being sent, else the one the form holds (with its thumbnail), else nothing. */
function useShownFiles(value: number | null | undefined, picture: boolean | undefined, sending: UploadFile | null): UploadFile[] {
  const info = useQuery({
    queryKey: infoKey(value ?? 0),
    queryFn: ({ signal }) => attachmentsApi.getAttachment(value!, { silent: true, signal }),
    enabled: !!value && !sending,
    staleTime: Infinity,
  })
  const thumb = useAttachmentPicture(value ?? null, { thumb: true, enabled: !!picture && !!info.data?.isImage })
  if (sending) return [sending]
  if (!value) return []
  if (info.isError) return [{ uid: String(value), name: `附件 ${value}`, status: 'error' }]
  if (!info.data) return []
  return [{ uid: String(value), name: info.data.name, status: 'done', thumbUrl: thumb.src, url: thumb.src }]
}

export default function AttachmentUpload({ value, onChange, fileType, picture, accept, disabled }: Props) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [sending, setSending] = useState<UploadFile | null>(null)
  const files = useShownFiles(value, picture, sending)

  const customRequest: NonNullable<Parameters<typeof Upload>[0]['customRequest']> = async ({ file, onSuccess, onError }) => {
    try {
      const info: AttachmentInfo = await attachmentsApi.uploadAttachment(file as File, fileType, { silent: true })
      queryClient.setQueryData(infoKey(info.id), info)
      onSuccess?.(info)
      onChange?.(info.id)
      message.success('上传成功')
    } catch (e) {
      if (!isHandled(e)) message.error(`上传失败：${(e as Error).message}`, 5)
      onError?.(e as Error)
    } finally {
      setSending(null)
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
        setSending({ uid: file.uid, name: file.name, status: 'uploading' })
        return true
      }}
      onPreview={open}
      onRemove={() => {
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

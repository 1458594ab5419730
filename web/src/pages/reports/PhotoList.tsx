/** Several photos as a form value (attachment ids, fileType inspectionPhoto): scene photos of a registration, a check item's photos. */
import { useState } from 'react'
import { App, Upload, type UploadFile } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, AttachmentMsg } from '@app/contract'
import * as attachmentsApi from '../../api/attachments'
import { isHandled } from '../../api/request'
import { useAttachmentPictures } from '../../components/pictureUrl'

interface Props {
  value?: number[] | null
  onChange?: (ids: number[]) => void
  max: number
  disabled?: boolean
}

export default function PhotoList({ value, onChange, max, disabled }: Props) {
  const { message } = App.useApp()
  const ids = value ?? []
  // thumbnails of the photos the value names (loaded with the session token), then those being sent
  const pictures = useAttachmentPictures(ids, { thumb: true })
  const [sending, setSending] = useState<UploadFile[]>([])
  const files: UploadFile[] = [
    ...ids.map((id, i): UploadFile => {
      const { src, failed } = pictures[i]!
      return { uid: String(id), name: `照片 ${id}`, status: failed ? 'error' : 'done', thumbUrl: src, url: src }
    }),
    ...sending,
  ]

  return (
    <Upload
      accept="image/*"
      multiple
      listType="picture-card"
      fileList={files}
      disabled={disabled}
      beforeUpload={(file) => {
        if (file.size > ATTACHMENT_MAX_BYTES) {
          message.error(AttachmentMsg.tooLarge)
          return Upload.LIST_IGNORE
        }
        if (!file.type.startsWith('image/')) {
          message.error(AttachmentMsg.imageOnly)
          return Upload.LIST_IGNORE
        }
        return true
      }}
      customRequest={async ({ file, onSuccess, onError }) => {
        try {
          const info = await attachmentsApi.uploadAttachment(file as File, ATTACHMENT_TYPES.inspectionPhoto, { silent: true })
          onSuccess?.(info)
          onChange?.([...(value ?? []), info.id].slice(0, max))
        } catch (e) {
          if (!isHandled(e)) message.error(`上传失败：${(e as Error).message}`, 5)
          onError?.(e as Error)
        }
      }}
      // the photos the value names come from it; the list's own entries are the files still being sent
      onChange={({ fileList }) => setSending(fileList.filter((f) => !Number(f.uid) && f.status === 'uploading'))}
      onPreview={(f) => f.url && window.open(f.url, '_blank', 'noopener')}
      onRemove={(f) => {
        const id = Number(f.uid)
        if (id) onChange?.(ids.filter((x) => x !== id))
        return true
      }}
    >
      {ids.length >= max || disabled ? null : (
        <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>上传照片</div>
        </button>
      )}
    </Upload>
  )
}

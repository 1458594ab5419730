/** Several photos as a form value (attachment ids, fileType inspectionPhoto): scene photos of a registration, a check item's photos. */
import { useEffect, useRef, useState } from 'react'
import { App, Upload, type UploadFile } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, AttachmentMsg } from '@app/contract'
import * as attachmentsApi from '../../api/attachments'
import { isHandled } from '../../api/request'

interface Props {
  value?: number[] | null
  onChange?: (ids: number[]) => void
  max: number
  disabled?: boolean
}

export default function PhotoList({ value, onChange, max, disabled }: Props) {
  const { message } = App.useApp()
  const [files, setFiles] = useState<UploadFile[]>([])
  const urls = useRef(new Map<number, string>())
  const ids = value ?? []

  // thumbnails of the photos the value names (loaded with the session token)
  useEffect(() => {
    let live = true
    Promise.all(ids.map(async (id) => {
      let url = urls.current.get(id)
      if (!url) {
        url = await attachmentsApi.fetchAttachment(id, true, { silent: true }).then(({ blob }) => URL.createObjectURL(blob), () => '')
        if (url) urls.current.set(id, url)
      }
      return { uid: String(id), name: `照片 ${id}`, status: url ? 'done' : 'error', thumbUrl: url || undefined, url: url || undefined } as UploadFile
    })).then((list) => { if (live) setFiles((prev) => [...list, ...prev.filter((f) => f.status === 'uploading')]) })
    return () => { live = false }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids.join(',')])
  useEffect(() => () => { for (const url of urls.current.values()) URL.revokeObjectURL(url) }, [])

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
          setFiles((prev) => prev.filter((f) => f.uid !== (file as { uid?: string }).uid))
        }
      }}
      onChange={({ fileList }) => setFiles(fileList.filter((f) => f.status !== 'error' || Number(f.uid)))}
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

/** Goods photos: thumbnails that open the picture, and the form's list of uploads (one AttachmentUpload per photo). */
import { Image, Space } from 'antd'
import { ATTACHMENT_TYPES, GOODS_MAX_PICTURES } from '@app/contract'
import AttachmentUpload from '../../components/AttachmentUpload'
import { useAttachmentPicture } from '../../components/pictureUrl'

export function GoodsThumb({ id, size = 48, alt }: { id: number; size?: number; alt: string }) {
  const thumb = useAttachmentPicture(id, { thumb: true })
  const full = useAttachmentPicture(id)
  return (
    <Image width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} alt={alt}
      src={thumb.src} preview={{ src: full.src ?? thumb.src, mask: '预览' }} fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />
  )
}

export function GoodsThumbs({ ids, size, name }: { ids: readonly number[]; size?: number; name: string }) {
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>{ids.map((id, i) => <GoodsThumb key={id} id={id} size={size} alt={`${name}照片${i + 1}`} />)}</Space>
    </Image.PreviewGroup>
  )
}

/** Several photos as a form value (their attachment ids): each upload holds one, and a last empty one adds. */
export function PictureListUpload({ value = [], onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  const replace = (i: number, id: number | null) => onChange?.(id ? value.map((v, j) => (j === i ? id : v)) : value.filter((_, j) => j !== i))
  return (
    <Space size={0} wrap>
      {value.map((id, i) => <AttachmentUpload key={id} value={id} picture accept="image/*" fileType={ATTACHMENT_TYPES.goodsPicture} onChange={(v) => replace(i, v)} />)}
      {value.length < GOODS_MAX_PICTURES && (
        <AttachmentUpload key={`new-${value.length}`} value={null} picture accept="image/*" fileType={ATTACHMENT_TYPES.goodsPicture}
          onChange={(id) => id && onChange?.([...value, id])} />
      )}
    </Space>
  )
}

/**
 * 以图搜物: choose or drop a new photo of an item; the registered goods most like it come back best first,
 * each with the photo that matched, how alike (相似度) and the way to its record. A weak likeness is shown
 * as such, not hidden: the user decides.
 */
import { useEffect, useState } from 'react'
import { Alert, Button, Empty, Flex, Image, List, Modal, Spin, Tag, Typography, Upload } from 'antd'
import { CameraOutlined } from '@ant-design/icons'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { ATTACHMENT_MAX_BYTES, GOODS_PHOTO_LIKELY, GoodsPhotoMsg, GoodsPhotoSearchMsg, type GoodsPhotoMatch } from '@app/contract'
import { searchGoodsByPhoto } from '../../api/goods'
import { GoodsThumb } from './GoodsPictures'
import { detailUrl } from './goodsValues'

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp']

/** what is wrong with the chosen file before it is sent, or null */
function refusal(file: File) {
  if (!PHOTO_TYPES.includes(file.type)) return GoodsPhotoMsg.notAPhoto
  if (file.size > ATTACHMENT_MAX_BYTES) return GoodsPhotoSearchMsg.tooLarge
  return null
}

export function PhotoSearchButton({ showShop }: { showShop: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button icon={<CameraOutlined />} onClick={() => setOpen(true)}>以图搜物</Button>
      {open && <PhotoSearchDialog showShop={showShop} onClose={() => setOpen(false)} />}
    </>
  )
}

function PhotoSearchDialog({ showShop, onClose }: { showShop: boolean; onClose: () => void }) {
  const [photo, setPhoto] = useState<File | null>(null)
  const [wrong, setWrong] = useState<string | null>(null)
  const preview = usePreviewUrl(photo)
  const search = useMutation({ mutationFn: (file: File) => searchGoodsByPhoto(file) })

  const choose = (file: File) => {
    const problem = refusal(file)
    setWrong(problem)
    setPhoto(problem ? null : file)
    search.reset()
    if (!problem) search.mutate(file)
    return false
  }

  return (
    <Modal title="以图搜物" open width={860} onCancel={onClose} destroyOnHidden maskClosable={!search.isPending}
      footer={<Button onClick={onClose}>关闭</Button>}>
      <Flex gap={20} align="flex-start">
        <div style={{ width: 260, flex: 'none' }}>
          <Upload.Dragger accept={PHOTO_TYPES.join(',')} showUploadList={false} beforeUpload={choose} disabled={search.isPending}>
            {preview
              ? <img src={preview} alt="要查找的照片" style={{ maxWidth: '100%', maxHeight: 220, objectFit: 'contain' }} />
              : <p className="ant-upload-drag-icon"><CameraOutlined /></p>}
            <p className="ant-upload-text">{preview ? '换一张照片' : '点击或拖入物品照片'}</p>
            <p className="ant-upload-hint">换个角度、距离或背景拍的照片也能找到；JPG、PNG、WEBP，不超过 10MB</p>
          </Upload.Dragger>
        </div>
        <div style={{ flex: 1, minWidth: 0 }} aria-live="polite">
          {wrong && <Alert type="error" showIcon message={wrong} />}
          {search.isPending && <Flex vertical align="center" gap={8} style={{ padding: 48 }}><Spin /><Typography.Text type="secondary">正在比对照片…</Typography.Text></Flex>}
          {search.isError && <Alert type="error" showIcon message={(search.error as Error).message}
            action={photo && <Button size="small" onClick={() => search.mutate(photo)}>重试</Button>} />}
          {search.isSuccess && (search.data.data.length
            ? <Results matches={search.data.data} note={search.data.message} showShop={showShop} onOpen={onClose} />
            : <Empty description={GoodsPhotoSearchMsg.found(0)} />)}
          {!photo && !wrong && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="选择一张照片开始查找" />}
        </div>
      </Flex>
    </Modal>
  )
}

function Results({ matches, note, showShop, onOpen }: { matches: GoodsPhotoMatch[]; note: string; showShop: boolean; onOpen: () => void }) {
  const navigate = useNavigate()
  return (
    <>
      <Typography.Text type="secondary">{note}，按相似度排列</Typography.Text>
      <Image.PreviewGroup>
        <List
          data-testid="photo-search-results"
          itemLayout="horizontal"
          dataSource={matches}
          renderItem={(m) => {
            const likely = m.score >= GOODS_PHOTO_LIKELY
            return (
              <List.Item actions={[<Button key="view" type="link" size="small" onClick={() => { onOpen(); navigate(detailUrl(m.goods.id)) }}>查看</Button>]}>
                <List.Item.Meta
                  avatar={m.photoId ? <GoodsThumb id={m.photoId} size={64} alt={`${m.goods.name}的匹配照片`} /> : null}
                  title={<Flex gap={8} align="center" wrap>
                    <span>{m.goods.name}</span>
                    <Tag color={likely ? 'green' : 'default'}>相似度 {Math.round(m.score * 100)}%</Tag>
                    {!likely && <Typography.Text type="secondary">相似度低，仅供参考</Typography.Text>}
                    {m.goods.doubtable === '可疑' && <Tag color="red">可疑</Tag>}
                  </Flex>}
                  description={[m.goods.category, `当票号 ${m.goods.ticketNumber}`, m.goods.pawnTime, showShop ? m.goods.shopName : null].filter(Boolean).join(' · ')}
                />
              </List.Item>
            )
          }}
        />
      </Image.PreviewGroup>
    </>
  )
}

/** an object URL of the chosen photo, released when it changes or the dialog closes */
function usePreviewUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) return setUrl(null)
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file])
  return url
}

import { IMAGE_MAX_PIXELS } from './attachments.js'
import type { Goods } from './goods.js'

/** What the goods photo search (物品登记的以图搜物) answers the user. */
export const GoodsPhotoMsg = {
  notAPhoto: '物品照片无法识别，请上传 JPG、PNG 或 WEBP 图片',
  tooManyPixels: `物品照片像素过大（最多 ${IMAGE_MAX_PIXELS / 10_000} 万像素），请缩小后重新上传`,
  failed: '物品照片处理失败，请换一张照片再试',
  busy: '以图搜物繁忙，请稍后再试',
  closed: '服务器正在停止，请稍后再试',
  unavailable: '服务器暂时无法处理照片，请稍后再试',
} as const

/** 以图搜物: a photo of up to ATTACHMENT_MAX_BYTES, as an attachment takes */
export const GoodsPhotoSearchMsg = {
  missing: '请选择要查找的物品照片',
  tooLarge: '照片过大，最大 10MB',
  found: (n: number) => (n ? `找到 ${n} 件相似物品` : '没有找到相似的物品'),
} as const

/** how many goods a photo search answers, best first */
export const GOODS_PHOTO_RESULTS = 10

/**
 * `score` in [0, 1): how surely the photos show the same thing (0: no consistent geometry found, an
 * unrelated photo; about 0.5 at 25 matching points). Below GOODS_PHOTO_LIKELY a match is shown as a weak one.
 */
export const GOODS_PHOTO_LIKELY = 0.3

/** One item a photo search found: its record, how alike, and which of its photos matched (an attachment id). */
export interface GoodsPhotoMatch {
  goods: Goods
  score: number
  /** the matching points the geometric check kept */
  inliers: number
  photoId: number | null
}

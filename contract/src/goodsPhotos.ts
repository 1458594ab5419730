import { IMAGE_MAX_PIXELS } from './attachments.js'

/** What the goods photo search (物品登记的以图搜物) answers the user. */
export const GoodsPhotoMsg = {
  notAPhoto: '物品照片无法识别，请上传 JPG、PNG 或 WEBP 图片',
  tooManyPixels: `物品照片像素过大（最多 ${IMAGE_MAX_PIXELS / 10_000} 万像素），请缩小后重新上传`,
  failed: '物品照片处理失败，请换一张照片再试',
  busy: '以图搜物繁忙，请稍后再试',
  closed: '服务器正在停止，请稍后再试',
  unavailable: '服务器暂时无法处理照片，请稍后再试',
} as const

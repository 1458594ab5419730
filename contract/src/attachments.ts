import { z } from 'zod'
import { idField, optIdField, optInt } from './fields.js'

/** Attachments (spec 000 §7 "Activities and files", spec 001 §7 "Attachments"). */

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024
export const THUMBNAIL_MAX_SIDE = 320

/** fileType of an upload: what the file is for. Picture types accept images only. */
export const ATTACHMENT_TYPES = {
  activityPicture: 1,
  ticketPicture: 2,
  companyAttachment: 3,
  companyPicture: 4,
  general: 5,
} as const
export const PICTURE_FILE_TYPES: readonly number[] = [ATTACHMENT_TYPES.activityPicture, ATTACHMENT_TYPES.ticketPicture, ATTACHMENT_TYPES.companyPicture]

export const AttachmentMsg = {
  tooLarge: '文件大小不能超过10MB',
  empty: '请选择要上传的文件',
  unsupported: '不支持的文件类型，仅支持图片（JPG/PNG/WEBP/GIF/BMP/TIFF）、PDF、Word、Excel 文件',
  imageOnly: '请上传图片文件（JPG/PNG/WEBP/GIF/BMP/TIFF）',
  badImage: '图片文件已损坏或无法识别',
  tooManyPixels: '图片像素过大，请压缩后再上传',
  notFound: '附件不存在',
} as const

export const uploadQuery = z.object({
  fileType: optInt('文件类型', 1, 99),
  name: z.string().trim().max(200, { error: '文件名称不能超过200个字符' }).optional().describe('文件名称'),
  currentTargetId: optIdField('关联编号'),
})
export const downloadQuery = z.object({
  id: idField('附件编号'),
  /** 1: the thumbnail of an image */
  thumb: optInt('缩略图', 0, 1),
})

export interface AttachmentInfo {
  id: number
  name: string
  mime: string
  size: number
  isImage: boolean
  width: number | null
  height: number | null
  fileType: number
  /** GET with the bearer token */
  url: string
  thumbUrl: string | null
  createTime: string
}

export const attachmentUrl = (id: number, thumb = false) => `/api/attachments/actions/download?id=${id}${thumb ? '&thumb=1' : ''}`

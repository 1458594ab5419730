import { z } from 'zod'
import { idField, optIdField, optInt } from './fields.js'
import type { Permission } from './permissions.js'

/** Attachments (spec 000 §7 "Activities and files", spec 001 §7 "Attachments"). */

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024
export const THUMBNAIL_MAX_SIDE = 320
/** Pictures with more pixels are refused from their header, before decoding (attachments and ticket photos alike). */
export const IMAGE_MAX_PIXELS = 40_000_000
/** Stored pictures are shrunk so that their longest side is at most this (ticket photos keep TICKET_PICTURE_SIZE). */
export const IMAGE_MAX_SIDE = 4096

/** The longest side a ticket photo is read at (the OCR's working image). */
export const TICKET_READ_SIDE = 1600

/** How big a stored picture may be (`keptLongest`). */
export interface PictureSize {
  /** its longest side at most this */
  maxSide: number
  /** a picture more than twice this is kept at half its size while that is under maxSide */
  halfSizeFrom?: number
}

/**
 * How big a ticket photo is kept, read or not: more detail than other pictures (the text must stay
 * legible), up to 2400 px; one of 3200–4800 px at half its size, still more than the OCR reads. The
 * browser shrinks a photo to this before sending it (the bytes beyond it would only be thrown away).
 */
export const TICKET_PICTURE_SIZE = { maxSide: 2400, halfSizeFrom: TICKET_READ_SIDE } as const satisfies PictureSize

/**
 * A stored picture's longest side: its own up to `maxSide`; at half its size when that is at least
 * `halfSizeFrom` and under `maxSide`, which a JPEG decodes at half size straight away (libjpeg's
 * shrink-on-load, a quarter of the pixels): a 3520 px phone shot of a ticket is kept at 1760 px (more
 * than the OCR's 1600 px working image) rather than decoded whole for 2400 px.
 */
export function keptLongest(longest: number, { maxSide, halfSizeFrom }: PictureSize) {
  if (longest <= maxSide) return longest
  const half = longest / 2
  return halfSizeFrom !== undefined && half >= halfSizeFrom && half < maxSide ? half : maxSide
}

/** fileType of an upload: what the file is for. Picture types accept images only. */
export const ATTACHMENT_TYPES = {
  activityPicture: 1,
  ticketPicture: 2,
  companyAttachment: 3,
  companyPicture: 4,
  general: 5,
  /** scene photos of a registration and photos of check items */
  inspectionPhoto: 6,
  /** photos of a registered item and of its pawn ticket */
  goodsPicture: 7,
} as const
export const PICTURE_FILE_TYPES: readonly number[] = [ATTACHMENT_TYPES.activityPicture, ATTACHMENT_TYPES.ticketPicture, ATTACHMENT_TYPES.companyPicture, ATTACHMENT_TYPES.inspectionPhoto, ATTACHMENT_TYPES.goodsPicture]

/**
 * Who besides its uploader may delete an attachment of the session's company: a user whose role holds the
 * permission of the screen the file belongs to.
 * Any other fileType is also the uploader's only.
 */
export const ATTACHMENT_DELETE_PERMISSION = {
  [ATTACHMENT_TYPES.activityPicture]: 'activity',
  [ATTACHMENT_TYPES.ticketPicture]: 'transport',
  [ATTACHMENT_TYPES.companyAttachment]: 'agent',
  [ATTACHMENT_TYPES.companyPicture]: 'agent',
  // whoever manages the base's users may clear their files
  [ATTACHMENT_TYPES.general]: 'user',
  [ATTACHMENT_TYPES.inspectionPhoto]: 'trace',
  [ATTACHMENT_TYPES.goodsPicture]: 'goods',
} as const satisfies Record<(typeof ATTACHMENT_TYPES)[keyof typeof ATTACHMENT_TYPES], Permission | null>

/** 1.5 GB, 20 MB, 300 KB: a storage size as people read it. */
export function formatBytes(bytes: number): string {
  const units = [['GB', 1024 ** 3], ['MB', 1024 ** 2], ['KB', 1024]] as const
  for (const [unit, size] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`
  }
  return `${bytes} B`
}

export const AttachmentMsg = {
  tooLarge: '文件大小不能超过10MB',
  empty: '请选择要上传的文件',
  unsupported: '不支持的文件类型，仅支持图片（JPG/PNG/WEBP/GIF/BMP/TIFF）、PDF、Word、Excel 文件',
  imageOnly: '请上传图片文件（JPG/PNG/WEBP/GIF/BMP/TIFF）',
  badImage: '图片文件已损坏或无法识别',
  tooManyPixels: `图片像素过大（最多 ${IMAGE_MAX_PIXELS / 10_000} 万像素），请缩小后重新上传`,
  notFound: '附件不存在',
  notFoundId: (id: number) => `附件不存在（编号 ${id}）`,
  fileLost: '附件文件已丢失，请重新上传',
  busy: '图片处理繁忙，请稍后再试',
  deleteForbidden: '只能删除自己上传的附件',
  storageFull: (quotaBytes: number, usedBytes: number, fileBytes: number) =>
    `本基地的存储空间已满：上限 ${formatBytes(quotaBytes)}，已用 ${formatBytes(usedBytes)}，本文件 ${formatBytes(fileBytes)}。请删除不用的附件或联系总部扩容`,
} as const

export const uploadQuery = z.object({
  fileType: optInt('文件类型', 1, 99),
  name: z.string().trim().max(200, { error: '文件名称不能超过200个字符' }).optional().describe('文件名称'),
  currentTargetId: optIdField('关联编号'),
})
export type UploadQuery = z.infer<typeof uploadQuery>
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

/** an attachment's download URL without its id (the database appends it when it writes a page's JSON) */
export const ATTACHMENT_URL_PREFIX = '/api/attachments/actions/download?id='
export const attachmentUrl = (id: number, thumb = false) => `${ATTACHMENT_URL_PREFIX}${id}${thumb ? '&thumb=1' : ''}`

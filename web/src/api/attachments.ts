/** 附件 (uploads): server module attachments (server/src/modules/attachments/routes.ts). */
import type { AttachmentInfo, UploadQuery } from '@app/contract'
import { download, http, request, type RequestOptions } from './request'

/** One file (multipart); the server checks its type by content and refuses more than 10 MB. */
export function uploadAttachment(file: File | Blob, fileType: number, opts: RequestOptions & Omit<UploadQuery, 'fileType'> = {}) {
  const form = new FormData()
  form.append('file', file, (file as File).name ?? 'file')
  return request<AttachmentInfo>('/attachments', {
    ...opts, method: 'POST', data: form, params: { fileType, name: opts.name, currentTargetId: opts.currentTargetId }, cancelDuplicate: false,
  })
}

export const getAttachment = (id: number, opts?: RequestOptions) => http.get<AttachmentInfo>(`/attachments/get/${id}`, undefined, opts)

/** The file itself (or its thumbnail): downloads carry the session token, so images are shown from blobs. */
export const fetchAttachment = (id: number, thumb = false, opts?: RequestOptions) =>
  download('/attachments/actions/download', { ...opts, params: { id, thumb: thumb ? 1 : undefined }, cancelDuplicate: false })

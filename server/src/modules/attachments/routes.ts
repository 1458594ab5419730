import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, AttachmentMsg, downloadQuery, idParam, Msg, uploadQuery } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { attachmentDeps, deleteAttachment, getAttachmentInfo, readAttachment, storeAttachment } from '../../platform/attachments.js'
import { contentDisposition } from '../../platform/download.js'
import { done } from '../../platform/envelope.js'
import { readUploadedFile } from '../../platform/upload.js'

export function attachmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const deps = attachmentDeps(ctx)
  const tags = ['附件']
  const idParams = z.object({ id: idParam().describe('附件编号') })

  r.post('/attachments', {
    config: { access: 'session' },
    schema: {
      tags, summary: '上传附件（multipart，一个文件，最大10MB，图片最多4000万像素；按内容识别类型，图片会转正、缩到4096像素以内并生成缩略图；计入本基地存储空间）',
      querystring: uploadQuery, consumes: ['multipart/form-data'],
    },
  }, async (req) => {
    const auth = authOf(req)
    const file = await readUploadedFile(req, ATTACHMENT_MAX_BYTES, { empty: AttachmentMsg.empty, tooLarge: AttachmentMsg.tooLarge })
    const fileTypeField = file.field('fileType')
    const fileType = req.query.fileType ?? (fileTypeField && /^\d{1,2}$/.test(fileTypeField) ? Number(fileTypeField) : ATTACHMENT_TYPES.general)
    const info = await storeAttachment(deps, {
      buffer: file.buffer, companyId: auth.companyId, userId: auth.userId, fileType,
      name: req.query.name ?? file.field('name')?.slice(0, 200), filename: file.filename, targetId: req.query.currentTargetId ?? null,
    })
    return done(info, Msg.uploaded)
  })

  r.get('/attachments/actions/download', {
    config: { access: 'session' },
    schema: { tags, summary: '下载附件（thumb=1 为缩略图）', querystring: downloadQuery },
  }, async (req, reply) => {
    const file = await readAttachment(deps, authOf(req), req.query.id, req.query.thumb === 1, req.headers['if-none-match'])
    reply.header('etag', file.etag).header('cache-control', 'private, max-age=86400').header('x-content-type-options', 'nosniff')
    if (file.notModified) return reply.code(304).send()
    return reply.header('content-type', file.mime).header('content-disposition', contentDisposition(file.name, file.inline)).send(file.data)
  })

  r.get('/attachments/get/:id', {
    config: { access: 'session' },
    schema: { tags, summary: '附件信息', params: idParams },
  }, async (req) => getAttachmentInfo(ctx.db, authOf(req), req.params.id))

  r.route({
    method: ['POST', 'DELETE'], url: '/attachments/:id',
    config: { access: 'session' },
    schema: { tags, summary: '删除附件（上传者本人，或拥有该附件所属页面权限的用户）', params: idParams },
    handler: async (req) => {
      await deleteAttachment(deps, authOf(req), req.params.id)
      return done(null, Msg.deleted)
    },
  })
}

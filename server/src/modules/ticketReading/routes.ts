import { extractionRuleBody, TICKET_TYPES, type TicketType } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { attachmentDeps } from '../../platform/attachments.js'
import { done } from '../../platform/envelope.js'
import { ValidationError } from '../../platform/errors.js'
import { readUploadedFile } from '../../platform/upload.js'
import { MAX_FILE_BYTES } from '../../ocr/image.js'
import { readingConfigWithCandidate } from '../receiptFormats/service.js'
import { analyzeTicketUpload } from './service.js'

const fileTypeField = z.preprocess((v) => (typeof v === 'string' ? Number(v) : v),
  z.union([z.literal(1), z.literal(2)], { error: '票据类型只能是1（发货单）或2（收货单）' })).describe('票据类型')

const uploadMessages = { empty: '请上传票据图片', tooLarge: `图片不能超过${MAX_FILE_BYTES / 1024 / 1024}MB` }

/** A rule from the rule form that is being tried before it is saved. */
const candidateRule = extractionRuleBody.extend({ id: z.coerce.number().int().positive().optional() })

export function ticketReadingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const deps = { ...attachmentDeps(ctx), reader: ctx.reader }

  r.post('/logistics/analysis', {
    config: { access: 'upload' },
    schema: {
      tags: ['票据识别'], consumes: ['multipart/form-data'],
      summary: '上传票据照片并识别（JPG/PNG/WebP，≤15MB；占用一次上传次数）',
      // companyId and userId are accepted for the old clients; the session decides both
      querystring: z.object({ fileType: fileTypeField, companyId: z.string().max(20).optional(), userId: z.string().max(20).optional() }),
    },
  }, async (req) => {
    const auth = authOf(req)
    const file = await readUploadedFile(req, MAX_FILE_BYTES, uploadMessages)
    const answer = await analyzeTicketUpload(deps, auth, { buffer: file.buffer, fileType: req.query.fileType as TicketType, filename: file.filename })
    return done(answer, `${TICKET_TYPES[req.query.fileType as TicketType]}识别完成`)
  })

  r.post('/rule/test', {
    config: { access: 'receipt_format' },
    schema: {
      tags: ['取值规则'], summary: '规则测试：用粘贴的识别文字试运行票据格式与取值规则（可带正在编辑的规则）',
      body: z.object({ fileType: fileTypeField, text: z.string().trim().min(1, { error: '请粘贴票据文字' }).max(20_000, { error: '票据文字不能超过20000个字符' }), rule: candidateRule.optional() }),
    },
  }, async (req) => {
    const config = await readingConfigWithCandidate(ctx.db, req.body.rule)
    return ctx.reader.analyzeText({ text: req.body.text, fileType: req.body.fileType as TicketType, formats: config.formats, rules: config.rules })
  })

  r.post('/rule/testImage', {
    config: { access: 'receipt_format' },
    schema: {
      tags: ['取值规则'], consumes: ['multipart/form-data'],
      summary: '规则测试：上传票据照片试运行（不占用上传次数；表单字段 rule 为正在编辑的规则 JSON）',
      querystring: z.object({ fileType: fileTypeField }),
    },
  }, async (req) => {
    const file = await readUploadedFile(req, MAX_FILE_BYTES, uploadMessages)
    let rule: z.infer<typeof candidateRule> | undefined
    const raw = file.field('rule')
    if (raw) {
      let json: unknown
      try { json = JSON.parse(raw) } catch { throw new ValidationError('规则内容不是有效的 JSON') }
      const parsed = candidateRule.safeParse(json)
      if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message)
      rule = parsed.data
    }
    const config = await readingConfigWithCandidate(ctx.db, rule)
    return ctx.reader.analyze({ buffer: file.buffer, fileType: req.query.fileType as TicketType, formats: config.formats, rules: config.rules })
  })
}

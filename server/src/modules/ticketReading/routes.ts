import {
  candidateRule, megabytes, ruleTestBody, ruleTestImageQuery, TICKET_MAX_BYTES, TICKET_TYPES, ticketAnalysisQuery, TicketMsg,
} from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { attachmentDeps } from '../../platform/attachments.js'
import { done } from '../../platform/envelope.js'
import { ValidationError } from '../../platform/errors.js'
import { readUploadedFile, type UploadedFile } from '../../platform/upload.js'
import { analyzeTicketUpload, assertSessionNamed, testRulesOnPicture, testRulesOnText } from './service.js'

const uploadMessages = { empty: TicketMsg.pictureMissing, tooLarge: TicketMsg.pictureTooLarge }

/** The form field `rule` of a picture test: a candidate rule as JSON. */
function candidateOf(file: UploadedFile) {
  const raw = file.field('rule')
  if (!raw) return undefined
  let json: unknown
  try { json = JSON.parse(raw) } catch { throw new ValidationError(TicketMsg.ruleNotJson) }
  const parsed = candidateRule.safeParse(json)
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message)
  return parsed.data
}

/** Reading photographed tickets, and the rule tester (取值规则 page) that tries formats and rules on one. */
export function ticketReadingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const deps = { ...attachmentDeps(ctx), reader: ctx.reader }

  r.post('/logistics/analysis', {
    config: { access: 'upload' },
    schema: {
      tags: ['票据识别'], consumes: ['multipart/form-data'],
      summary: `上传票据照片并识别（JPG/PNG/WebP，≤${megabytes(TICKET_MAX_BYTES)}MB；占用一次上传次数）`,
      querystring: ticketAnalysisQuery,
    },
  }, async (req) => {
    assertSessionNamed(authOf(req), req.query)
    const file = await readUploadedFile(req, TICKET_MAX_BYTES, uploadMessages)
    const auth = authOf(req)
    const answer = await analyzeTicketUpload(deps, auth, { buffer: file.buffer, fileType: req.query.fileType, filename: file.filename })
    return done(answer, TicketMsg.read(TICKET_TYPES[req.query.fileType]))
  })

  r.post('/rule/test', {
    config: { access: 'receipt_format' },
    schema: {
      tags: ['取值规则'], summary: '规则测试：用粘贴的识别文字试运行票据格式与取值规则（可带正在编辑的规则）',
      body: ruleTestBody,
    },
  }, async (req) => testRulesOnText(deps, req.body))

  r.post('/rule/testImage', {
    config: { access: 'receipt_format' },
    schema: {
      tags: ['取值规则'], consumes: ['multipart/form-data'],
      summary: '规则测试：上传票据照片试运行（不占用上传次数；表单字段 rule 为正在编辑的规则 JSON）',
      querystring: ruleTestImageQuery,
    },
  }, async (req) => {
    const file = await readUploadedFile(req, TICKET_MAX_BYTES, uploadMessages)
    return testRulesOnPicture(deps, { buffer: file.buffer, fileType: req.query.fileType, rule: candidateOf(file) })
  })
}

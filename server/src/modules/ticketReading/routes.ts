import { candidateRule, ruleTestBody, ruleTestImageQuery, TICKET_MAX_BYTES, TicketMsg } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context.js'
import { ValidationError } from '../../platform/errors.js'
import { readUploadedFile, type UploadedFile } from '../../platform/upload.js'
import { testRulesOnPicture, testRulesOnText } from './service.js'

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

/** The rule tester (取值规则 page): formats and rules tried on a ticket's text or photo (the upload's reading is transports'). */
export function ticketReadingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const deps = { db: ctx.db, reader: ctx.reader }

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

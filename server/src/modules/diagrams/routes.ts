import {
  DIAGRAM_MAX_BYTES, DIAGRAM_MAX_DEPTH, DIAGRAM_MAX_VALUES, DIAGRAM_PNG_MAX_CHARS, DiagramMsg, diagramSaveBody, idParam, jsonTooComplex, Msg,
} from '@app/contract'
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { NotFoundError, TooLargeError, ValidationError } from '../../platform/errors.js'
import { diagramPicture } from '../reports/index.js'
import * as diagrams from './service.js'

/**
 * A canvas sent as JSON text is escaped once more inside the body (every quote doubles), so the body
 * may be up to about twice the canvas; the canvas's own size is checked after parsing (413 either way).
 */
const SAVE_BODY_LIMIT = 2 * DIAGRAM_MAX_BYTES + DIAGRAM_PNG_MAX_CHARS + 64 * 1024

/**
 * The save's JSON body is measured before it is parsed: a canvas sent as an object is parsed with it,
 * and 10 MB nested 5 million deep held the main thread for seconds. The body may hold one level and a
 * few values more than its canvas; the canvas itself is measured exactly after (diagramCanvasText).
 */
function measuredJson(app: FastifyInstance) {
  type Parser = (req: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) => void
  // Fastify's own (secure-json-parse), a callback parser
  const parse = app.getDefaultJsonParser('error', 'error') as Parser
  const measured: Parser = (req, body, done) =>
    jsonTooComplex(body, DIAGRAM_MAX_DEPTH + 1, DIAGRAM_MAX_VALUES + 16) ? done(new ValidationError(DiagramMsg.tooComplex)) : parse(req, body, done)
  return measured
}

/** Tank diagrams of inspection reports (spec 000 §2 "Diagram drawing screen"; permission trace, the report's base only). */
export function diagramRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['检验报告']
  const config = { access: 'trace' as const }
  const params = z.object({ id: idParam().describe('报告编号') })

  r.post('/report/loadFabric/:id', { config, schema: { tags, summary: '读取报告的示意图（未保存过：canvas 为 null，版本 0）', params } },
    async (req, reply) => {
      const { canvasText, ...state } = await diagrams.loadDiagram(ctx.db, authOf(req), req.params.id)
      // the envelope done() would give, with the kept canvas text in it as it is
      const rest = JSON.stringify(state)
      return reply.type('application/json; charset=utf-8')
        .send(`{"code":200,"message":${JSON.stringify(Msg.ok)},"data":{"canvas":${canvasText ?? 'null'},${rest.slice(1)}}`)
    })

  // a scope of its own, so its JSON parser is this route's only
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, measuredJson(scope))
    scope.withTypeProvider<ZodTypeProvider>().post('/report/saveFabric/:id', {
      config,
      bodyLimit: SAVE_BODY_LIMIT,
      // a body over the limit is refused before parsing: in the diagram's words, not the generic 上传内容过大
      errorHandler: (err: FastifyError) => { throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new TooLargeError(DiagramMsg.tooLarge) : err },
      schema: {
        tags, summary: `保存报告的示意图（仅正在检验；不超过 ${DIAGRAM_MAX_BYTES / 1024 / 1024} MB；版本已被他人更新时 409）`, params, body: diagramSaveBody,
      },
    }, async (req) => done(await diagrams.saveDiagram(ctx.db, authOf(req), req.params.id, req.body), DiagramMsg.saved))
  })

  r.get('/report/diagramPng/:id', { config, schema: { tags, summary: '报告示意图的图片（PNG，最近一次保存时生成）', params } }, async (req, reply) => {
    const png = await diagramPicture(ctx.db, authOf(req), req.params.id)
    if (!png) throw new NotFoundError(DiagramMsg.noPicture)
    if (png === 'unreadable') throw new NotFoundError(DiagramMsg.pictureUnreadable)
    return reply.type('image/png').header('cache-control', 'private, no-cache').send(png)
  })
}

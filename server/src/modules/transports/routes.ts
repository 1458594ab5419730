import {
  idParam, idQuery, megabytes, optIdField, TICKET_MAX_BYTES, TICKET_TYPES, ticketAnalysisQuery, TicketMsg, transportBody, TransportMsg, transportQuery,
  transportStatusBody,
} from '@app/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { attachmentDeps } from '../../platform/attachments.js'
import { done, sendJsonRows } from '../../platform/envelope.js'
import { readUploadedFile } from '../../platform/upload.js'
import { analyzeTicketUpload, assertSessionNamed } from './analysis.js'
import { storeDestinationPicture } from './pictures.js'
import { findTransportGrid, findTransportsJson } from './query.js'
import type { SaveMode } from './rules.js'
import { deleteTransport, getTransport, getTransportDetail, setTransportStatus, writeTransport } from './service.js'
import { transportSuggestions } from './suggestions.js'

const tags = ['运单']
const CENTER_SIZE = 1000
const idParams = z.object({ id: idParam().describe('运单编号') })
const companyQuery = z.object({ companyId: optIdField('基地') })

/** Transports (spec 001 §7 "Transport", DESIGN §4): the grid, the trace detail, the upload page's saves and the edit page. */
export function transportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const grid = { access: 'transport' as const }
  const upload = { access: 'upload' as const }
  const idOf = (req: FastifyRequest) => (req.params as z.output<typeof idParams>).id

  r.post('/logistics/find', { config: grid, schema: { tags, summary: '运单列表（分页，每页最多 100000 条）', body: transportQuery } },
    async (req, reply) => {
      const page = await findTransportsJson(ctx.db, authOf(req), req.body)
      return sendJsonRows(reply, page.rows, page.totalCount)
    })
  r.post('/logistics/grid', {
    config: grid,
    schema: { tags, summary: '运单表格（同 find，紧凑格式：columns 为列名，rows 每行为按列顺序的值；每页最多 100000 条）', body: transportQuery },
  }, async (req, reply) => {
    const page = await findTransportGrid(ctx.db, authOf(req), req.body)
    return sendJsonRows(reply, page.rows, page.totalCount, page.columns)
  })
  r.post('/logistics/findCenter', { config: grid, schema: { tags, summary: `运单（不分页，最多 ${CENTER_SIZE} 条）`, body: transportQuery.optional() } },
    async (req, reply) => sendJsonRows(reply, (await findTransportsJson(ctx.db, authOf(req), { ...req.body, page: 1, size: CENTER_SIZE })).rows))
  r.post('/logistics/findList', { config: grid, schema: { tags, summary: '运单筛选项的候选值（按使用次数）', querystring: companyQuery } },
    async (req) => transportSuggestions(ctx.db, authOf(req), req.query.companyId))

  // the grid's users, and uploaders continuing a temporarily saved transport
  r.get('/logistics/get/getLogistics', { config: { access: { anyOf: ['transport', 'upload'] } }, schema: { tags, summary: '运单详情（编辑、继续上传）', querystring: idQuery } },
    async (req) => getTransport(ctx.db, authOf(req), req.query.id))
  r.get('/logistics/findDou', { config: grid, schema: { tags, summary: '运单追踪详情（发货 dResponseVO、收货 sResponseVO）', querystring: idQuery } },
    async (req) => getTransportDetail(ctx.db, authOf(req), req.query.id))

  const saves: [string, SaveMode, string, string][] = [
    ['/logistics/saveTemp', 'deliveryDraft', '第一步暂存（发货单；状态 暂存）', TransportMsg.tempSaved],
    ['/logistics/saveTempFin', 'receivingDraft', '第二步暂存（收货单；状态 暂存）', TransportMsg.tempSaved],
    ['/logistics/save', 'save', '保存运单（状态 上传完成）', TransportMsg.saved],
  ]
  for (const [url, mode, summary, message] of saves) {
    r.post(url, { config: upload, schema: { tags, summary: `${summary}；带 id 则继续该暂存运单`, body: transportBody } },
      async (req) => done(await writeTransport(ctx.db, authOf(req), mode, req.body), message))
  }
  r.put('/logistics/update/:id', { config: grid, schema: { tags, summary: '编辑运单', params: idParams, body: transportBody } },
    async (req) => done(await writeTransport(ctx.db, authOf(req), 'update', req.body, idOf(req)), TransportMsg.updated))
  r.post('/logistics/upStatus/:id', { config: grid, schema: { tags, summary: '修改运单状态（判定为无效：3）', params: idParams, body: transportStatusBody } },
    async (req) => done(await setTransportStatus(ctx.db, authOf(req), idOf(req), req.body.status), TransportMsg.statusChanged))
  r.delete('/logistics/delete/:id', { config: grid, schema: { tags, summary: '删除运单', params: idParams } }, async (req) => {
    await deleteTransport(ctx.db, authOf(req), idOf(req))
    return done(null, TransportMsg.deleted)
  })

  const deps = attachmentDeps(ctx)
  // a photographed ticket read for the upload form: the reading is ticketReading's, the rest (upload time, picture, duplicates) the transport's
  const analysisDeps = { ...deps, reader: ctx.reader }
  const uploadMessages = { empty: TicketMsg.pictureMissing, tooLarge: TicketMsg.pictureTooLarge }
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
    const answer = await analyzeTicketUpload(analysisDeps, auth, { buffer: file.buffer, fileType: req.query.fileType, filename: file.filename })
    return done(answer, TicketMsg.read(TICKET_TYPES[req.query.fileType]))
  })

  r.post('/logistics/upload', {
    config: upload,
    schema: { tags, consumes: ['multipart/form-data'], summary: `其他收货地的票据图片（图片，≤${megabytes(TICKET_MAX_BYTES)}MB；不占用上传次数）；data 为图片地址` },
  }, async (req) => {
    const file = await readUploadedFile(req, TICKET_MAX_BYTES, { empty: TicketMsg.pictureMissing, tooLarge: TicketMsg.pictureTooLarge })
    return done(await storeDestinationPicture(deps, authOf(req), file))
  })
}

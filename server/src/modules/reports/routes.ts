import {
  ANY_TERM, idParam, paging, REPORT_STATUS, reportFilters, reportMoveBody, ReportMsg, reportQuery, reportRegistrationBody, reportRecordBody, reportRevealBody, reportSaveBody,
  reportSearchParams, reportSelectParams, reportStartBody, reportStationBody, reportStatusParams, reportStatusQuery,
} from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { exportRoute } from '../../platform/exportRoute.js'
import { contentDisposition } from '../../platform/download.js'
import { perIpPerMinute } from '../../platform/rateLimit.js'
import { asBuffer } from '../../platform/workerPool.js'
import { diagramPicture } from './diagramPicture.js'
import { scheduleExpiryWarnings } from './expiry.js'
import * as list from './list.js'
import * as records from './records.js'
import * as registration from './registration.js'
import { verifyReport } from './verification.js'

/** Verification look-ups per client address and minute. */
export const VERIFY_PER_MINUTE = 60
import * as workflow from './workflow.js'

/** Inspection reports (spec 000 §7 "Inspection reports"; permission trace): registration, the state machine, records. */
export function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['检验报告']
  const config = { access: 'trace' as const }
  const idParams = z.object({ id: idParam().describe('报告编号') })

  let warnings: ReturnType<typeof scheduleExpiryWarnings> | undefined
  app.addHook('onReady', async () => { warnings = scheduleExpiryWarnings(ctx.db, ctx.sms, app.log) })
  app.addHook('onClose', async () => warnings?.stop())

  r.post('/report/find', { config, schema: { tags, summary: '检验登记列表（默认每页10条）', body: reportQuery } },
    async (req) => list.findReports(ctx.db, authOf(req), req.body))

  // the look-ups of spec 000 §7 (REPORT_LOOKUP_LIMIT in contract/reports.ts says what each means here)
  r.post('/report/get/:testeeId', {
    config, schema: { tags, summary: '该车历次检验（同一车牌的全部报告，最新在前）', params: z.object({ testeeId: idParam().describe('报告编号') }) },
  }, async (req) => list.vehicleHistory(ctx.db, authOf(req), req.params.testeeId))

  r.post('/report/getByUserId/:id', {
    config, schema: { tags, summary: '检验负责人的报告（分页）', params: z.object({ id: idParam().describe('用户编号') }), body: paging },
  }, async (req) => list.findReports(ctx.db, authOf(req), { ...req.body, inspectorId: req.params.id }))

  r.get('/report/selectReports/:stationId/:licenseNumber', { config, schema: { tags, summary: '工位终端：该工位上某车牌的报告', params: reportSelectParams } },
    async (req) => list.lookUpReports(ctx.db, authOf(req), { stationId: req.params.stationId, licenseNumber: req.params.licenseNumber }))

  r.get('/report/searchReports/:licenseNumber/:tankerNumber', { config, schema: { tags, summary: `罐车选择：按车牌号与罐体编号查找（${ANY_TERM} 表示不限）`, params: reportSearchParams } },
    async (req) => list.lookUpReports(ctx.db, authOf(req), {
      licenseNumber: req.params.licenseNumber === ANY_TERM ? undefined : req.params.licenseNumber,
      tankerNumber: req.params.tankerNumber === ANY_TERM ? undefined : req.params.tankerNumber,
    }))

  exportRoute(app, {
    url: '/report/export', config, tags, summary: '导出检验登记列表（xlsx）', query: reportFilters,
    exporter: list.reportExport, rows: (auth, q) => list.allReports(ctx.db, auth, q),
  })

  r.post('/report/reveal/:id', {
    config, schema: { tags, summary: '查看完整的驾驶员电话（总部管理员、基地管理员；每次查看记入日志）', params: idParams, body: reportRevealBody },
  }, async (req) => list.revealReport(ctx.db, authOf(req), req.params.id, req.body.field))

  r.post('/report/saveFirst', { config, schema: { tags, summary: '车辆登记（七项必填）', body: reportRegistrationBody } },
    async (req) => done(await registration.registerReport(ctx.db, authOf(req), req.body), ReportMsg.registered))

  r.post('/report/save', { config, schema: { tags, summary: '登记（无编号）或编辑登记（已登记的报告）', body: reportSaveBody } }, async (req) => {
    const { id, ...body } = req.body
    return id == null
      ? done(await registration.registerReport(ctx.db, authOf(req), body), ReportMsg.registered)
      : done(await registration.updateRegistration(ctx.db, authOf(req), id, body), ReportMsg.updated)
  })

  // reception's act (check-in and registration together), so reception's key, not trace
  r.post('/report/syncFromReservation/:id', {
    config: { access: 'reception' }, schema: { tags, summary: '接待登记：预约到场并按预约登记车辆', params: z.object({ id: idParam().describe('预约编号') }) },
  }, async (req) => done(await registration.registerFromReservation(ctx.db, authOf(req), req.params.id), ReportMsg.registered))

  r.post('/report/getDetail/:id', { config, schema: { tags, summary: '检验报告详情（模板步骤、记录、状态历史）', params: idParams } },
    async (req) => records.getReportDetail(ctx.db, authOf(req), req.params.id))

  r.post('/report/start/:id', { config, schema: { tags, summary: '开始检验（检验负责人、检验模板、工位）', params: idParams, body: reportStartBody } },
    async (req) => done(await workflow.startReport(ctx.db, authOf(req), req.params.id, req.body), ReportMsg.started))

  r.post('/report/changeStatus/:id/:status', {
    config, schema: { tags, summary: '更改状态（暂停、继续、作废、完成、审核、签发、退回）', params: reportStatusParams, body: reportMoveBody },
  }, async (req) => done(await workflow.moveReport(ctx.db, authOf(req), req.params.id, req.params.status, req.body?.reason ?? null), ReportMsg.statusChanged))

  r.post('/report/setStatus/:id', {
    config, schema: { tags, summary: '更改状态（同 changeStatus）', params: idParams, querystring: reportStatusQuery, body: reportMoveBody },
  }, async (req) => done(await workflow.moveReport(ctx.db, authOf(req), req.params.id, req.query.status, req.body?.reason ?? null), ReportMsg.statusChanged))

  r.post('/report/cancel/:id', { config, schema: { tags, summary: '作废报告（状态改为3）', params: idParams } },
    async (req) => done(await workflow.moveReport(ctx.db, authOf(req), req.params.id, REPORT_STATUS.void), ReportMsg.cancelled))

  r.post('/report/upStation/:id', { config, schema: { tags, summary: '更换工位（仅正在检验）', params: idParams, body: reportStationBody } },
    async (req) => done(await workflow.changeStation(ctx.db, authOf(req), req.params.id, req.body.stationId), ReportMsg.stationChanged))

  r.get('/report/pdf/:id', { config, schema: { tags, summary: '检验报告 PDF（含核验二维码；未签发的报告带“草稿”水印）', params: idParams, produces: ['application/pdf'] } }, async (req, reply) => {
    const auth = authOf(req)
    const detail = await records.getReportDetail(ctx.db, auth, req.params.id)
    const token = await records.verifyTokenOf(ctx.db, auth, req.params.id)
    const diagram = await diagramPicture(ctx.db, auth, req.params.id)
    const verifyUrl = `${req.protocol}://${req.host}/checking/index?token=${encodeURIComponent(token)}`
    const pdf = await ctx.fileJobs.run('reportPdf', { report: detail, verifyUrl, diagram })
    return reply.type('application/pdf').header('content-disposition', contentDisposition(`检验报告-${detail.reportNumber}.pdf`, true))
      .header('cache-control', 'private, no-store').send(asBuffer(pdf))
  })

  // anyone may ask, so a stranger trying tokens is held to a pace the database does not notice
  r.get('/public/report/:token', {
    config: { access: 'public', ...perIpPerMinute('verify', VERIFY_PER_MINUTE) },
    schema: { tags, summary: '公开核验：检验结果与有效期（二维码，按不可猜测的令牌）', params: z.object({ token: z.string().trim().min(1).max(64).describe('核验令牌') }) },
  }, async (req) => verifyReport(ctx.db, req.params.token))

  r.post('/report/record/:id', { config, schema: { tags, summary: '保存一个检验项的记录（仅正在检验）', params: idParams, body: reportRecordBody } },
    async (req) => done(await records.saveRecord(ctx.db, authOf(req), req.params.id, req.body), ReportMsg.recordSaved))
}

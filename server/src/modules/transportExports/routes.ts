import { exportSumBody, SmsSendMsg, STATEMENT_NAME, smsSendBody, toleranceBody, toleranceFindBody, ToleranceMsg, transportExportBody } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { sendWorkbook } from '../../platform/exports.js'
import { allTransportColumns } from '../transports/index.js'
import { transportExport } from './dataExport.js'
import { sendPoundDiffSms } from './poundDiffSms.js'
import { loadStatement } from './statement.js'
import { findTolerances, saveTolerance } from './tolerances.js'

/** The transport grid's toolbar: data export, reconciliation statement, SMS to carriers, tolerances. */
export function transportExportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['运单导出与短信']
  const config = { access: 'transport' as const }

  r.post('/logistics/export', {
    config,
    schema: { tags, summary: '数据导出（所选列，当前筛选条件的全部运单或所选运单，xlsx 流式写出）', body: transportExportBody },
  }, async (req, reply) => {
    const { exportColumns, ids, ...filters } = req.body
    return transportExport(exportColumns).send(reply, allTransportColumns(ctx.db, authOf(req), filters, ids))
  })

  r.post('/logistics/exportSum', {
    config,
    schema: { tags, summary: '对账单（购货单位与承运单位在发货期间内已上传完成的运单，A4 横向打印）', body: exportSumBody },
  }, async (req, reply) => {
    const statement = await loadStatement(ctx.db, authOf(req), req.body)
    return sendWorkbook(reply, STATEMENT_NAME, await ctx.fileJobs.run('statementXlsx', statement))
  })

  r.post('/sms/send', {
    config,
    schema: { tags, summary: '磅差超标短信：按承运单位发给其物流公司电话（每基地每分钟1次、每天有上限）', body: smsSendBody.nullish() },
  }, async (req) => {
    const caps = { perBasePerDay: ctx.config.smsPerBasePerDay, perPhonePerDay: ctx.config.smsPerPhonePerDay }
    const result = await sendPoundDiffSms({ db: ctx.db, sms: ctx.sms, caps }, authOf(req), req.body ?? {})
    return done(result, SmsSendMsg.done(result))
  })

  r.post('/logistics/tolerance/find', {
    config,
    schema: { tags, summary: '各结算单位的磅差容差（未设置的为默认1吨）', body: toleranceFindBody.nullish() },
  }, async (req) => findTolerances(ctx.db, authOf(req), req.body?.companyId))

  r.post('/logistics/tolerance/save', {
    config,
    schema: { tags, summary: '设置结算单位的磅差容差（吨或千分比），并按新容差重新标记该结算单位的运单', body: toleranceBody },
  }, async (req) => done(await saveTolerance(ctx.db, authOf(req), req.body), ToleranceMsg.saved))
}

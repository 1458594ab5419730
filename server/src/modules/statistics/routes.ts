import {
  abnormalPersonQuery, allTraceQuery, companyPathParams, dataExportBody, dayRangeParams, exceptionBody, examItemParams, idParam, scopeBody,
  seriesFilters, statisticsFilters, townScoreParams, townTraceQuery,
} from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import * as charts from './charts.js'
import { described, EXAMPLES as X } from './docs.js'
import { abnormalPersons, dataExport, dataExportRows } from './persons.js'
import { pathDays } from './rollup.js'
import * as trace from './trace.js'

/**
 * 数据统计 (issue 36): the spec's legacy chart calls over the health measurements (000 §7 "Legacy
 * data"; 001 §7 "Charts and data"), under permission machine (the devices and their readings), the
 * certificates per base under kpi. Every chart reads the daily roll-ups; see contract/src/statistics.ts.
 */
export function statisticsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const config = { access: 'machine' as const }
  const tags = ['数据统计']
  const doc = (summary: string, example: readonly [unknown, unknown], extra = '') => ({ tags, summary, description: described(`${summary}${extra}`, example[0], example[1]) })
  const machineParams = z.object({ machineId: idParam().describe('设备编号（id）') })

  r.post('/machine/bar/month', { config, schema: { ...doc('每台设备每月的测量次数（柱状图，前10台，其余合为“其他”）', X.barMonth), body: statisticsFilters } },
    async (req) => charts.machineBarMonth(ctx.db, authOf(req), req.body))
  r.post('/machine/line/month', { config, schema: { ...doc('每种设备类型每月的测量次数（折线图）', X.lineMonth), body: statisticsFilters } },
    async (req) => charts.machineLineMonth(ctx.db, authOf(req), req.body))

  r.post('/data/byProvince', { config, schema: { ...doc('各省测量次数与异常次数（柱状图，数据列表可导出CSV）', X.byProvince), body: statisticsFilters } },
    async (req) => charts.byProvince(ctx.db, authOf(req), req.body))
  r.post('/data/counts/byProvince', { config, schema: { ...doc('各省基地数、设备数与测量次数', X.countsByProvince), body: statisticsFilters } },
    async (req) => charts.countsByProvince(ctx.db, authOf(req), req.body))
  r.post('/data/byMachine/:machineId', { config, schema: { ...doc('一台设备按月（或按日）的测量与异常次数，及各检测项目的结论分布', X.byMachine), params: machineParams, body: seriesFilters } },
    async (req) => charts.byMachine(ctx.db, authOf(req), req.params.machineId, req.body))
  r.post('/data/byMachineDay/:machineId', { config, schema: { ...doc('一台设备按日的测量与异常次数，及各检测项目的结论分布', X.byMachineDay), params: machineParams, body: statisticsFilters } },
    async (req) => charts.byMachine(ctx.db, authOf(req), req.params.machineId, { ...req.body, granularity: 'day' }))
  r.post('/data/allMyMachines/:from/:to', { config, schema: { ...doc('范围内的全部设备及其测量次数（从多到少）', X.allMyMachines, '；路径为开始日期和结束日期（YYYY-MM-DD）'), params: dayRangeParams, body: scopeBody } },
    async (req) => charts.allMyMachines(ctx.db, authOf(req), pathDays(req.params.from, req.params.to), req.body.companyId))
  r.post('/data/byTopGroups/:from/:to', { config, schema: { ...doc('测量次数最多的部门（前10）', X.byTopGroups, '；路径为开始日期和结束日期'), params: dayRangeParams, body: scopeBody } },
    async (req) => charts.byTopGroups(ctx.db, authOf(req), pathDays(req.params.from, req.params.to), req.body.companyId))
  r.post('/data/byMeasures/:from/:to', { config, schema: { ...doc('各检测项目的结论分布', X.byMeasures, '；路径为开始日期和结束日期'), params: dayRangeParams, body: scopeBody } },
    async (req) => charts.byMeasures(ctx.db, authOf(req), pathDays(req.params.from, req.params.to), req.body.companyId))
  r.post('/data/dataByMeasuresException/:from/:to', { config, schema: { ...doc('各检测项目每日（或每月）的异常次数', X.exceptions, '；路径为开始日期和结束日期'), params: dayRangeParams, body: exceptionBody } },
    async (req) => charts.exceptionSeries(ctx.db, authOf(req), pathDays(req.params.from, req.params.to), req.body.granularity, req.body.companyId))
  r.post('/data/basic/:companyId', { config, schema: { ...doc('基地概况：设备数、会员数、范围内测量与异常次数、今日测量次数', X.basic, '；总部的编号为全部基地'), params: companyPathParams, body: statisticsFilters } },
    async (req) => charts.basic(ctx.db, authOf(req), req.params.companyId, req.body))
  r.post('/data/dialogByMeasuresException/:examItemId', {
    config,
    schema: { ...doc('异常明细：某检测项目（1 血压、2 空腹血糖、3 BMI）异常的测量及其人员（手机号、身份证号打码），分页', X.persons), params: examItemParams, body: abnormalPersonQuery },
  }, async (req) => abnormalPersons(ctx.db, authOf(req), req.params.examItemId, req.body))
  r.post('/data/byMachineType', { config, schema: { ...doc('各设备类型的设备数与测量次数', X.byMachineType), body: statisticsFilters } },
    async (req) => charts.byMachineType(ctx.db, authOf(req), req.body))
  r.post('/data/byCompany/:companyId', { config, schema: { ...doc('基地按月（或按日）的测量与异常次数及各基地合计', X.byCompany, '；总部的编号为全部基地'), params: companyPathParams, body: seriesFilters } },
    async (req) => charts.byCompany(ctx.db, authOf(req), req.params.companyId, req.body))
  r.post('/data/certificate/byCompany/:companyId', {
    config: { access: 'kpi' },
    schema: { ...doc('基地每月签发的检验报告（证书）及合格数', X.certificates, '；总部的编号为全部基地'), params: companyPathParams, body: statisticsFilters },
  }, async (req) => charts.certificatesByCompany(ctx.db, authOf(req), req.params.companyId, req.body))
  r.post('/data/export/:from/:to', {
    config,
    schema: { tags, summary: '导出范围内的测量记录（xlsx，手机号打码；路径为开始日期和结束日期）', params: dayRangeParams, body: dataExportBody, produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
  }, async (req, reply) => dataExport.send(reply, dataExportRows(ctx.db, authOf(req), pathDays(req.params.from, req.params.to), req.body)))

  r.get('/trace/townTrace', { config, schema: { ...doc('乡镇追溯：一个乡镇（街道）各检测项目的结论分布', X.townTrace, '；乡镇为设备所在地'), querystring: townTraceQuery } },
    async (req) => trace.townTrace(ctx.db, authOf(req), req.query))
  r.post('/trace/:examItemId/:townId/:score', {
    config,
    schema: { ...doc('乡镇追溯：一个乡镇某检测项目某一结论（等级）每月的次数', X.townScore, '；score 为结论在该项目结论列表中的位置（0起）'), params: townScoreParams, body: statisticsFilters },
  }, async (req) => trace.townScore(ctx.db, authOf(req), req.params, req.body))
  r.get('/trace/getAllTrace', { config, schema: { ...doc('乡镇追溯：范围内有测量的全部乡镇及各检测项目的测量与异常次数', X.allTrace), querystring: allTraceQuery } },
    async (req) => trace.allTrace(ctx.db, authOf(req), req.query))
}

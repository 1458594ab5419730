import { activityLinkQuery, idParam, machineBody, machineQuery, measurementBody, measurementFilters, MeasurementMsg, measurementQuery, Msg } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { exportRoute } from '../../platform/exportRoute.js'
import { perIpPerMinute } from '../../platform/rateLimit.js'
import { authenticateDevice, deviceCredentialOf } from './devices.js'
import { recordMeasurement } from './ingest.js'
import { schedulePartitions } from './partitions.js'
import { activityLink, publicReports } from './publicLink.js'
import * as service from './service.js'

/** Public report look-ups per client address and minute. */
export const ACTIVITY_PER_MINUTE = 60

/**
 * Devices (machines) of a base, the readings they post with their own credential (not a user's
 * session), and the measurement list. Permission machine.
 */
export function measurementRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const config = { access: 'machine' as const }
  const tags = ['设备与测量']
  const idParams = z.object({ id: idParam().describe('设备编号') })

  // the month partitions of the readings are made here ahead of time, never by a device's post
  let partitions: Awaited<ReturnType<typeof schedulePartitions>> | undefined
  app.addHook('onReady', async () => { partitions = await schedulePartitions(ctx.db, app.log) })
  app.addHook('onClose', async () => partitions?.stop())

  r.post('/machine/find', { config, schema: { tags, summary: '设备列表', body: machineQuery } },
    async (req) => service.findMachines(ctx.db, authOf(req), req.body))
  r.post('/machine/save', { config, schema: { tags, summary: '登记设备（答复中的密钥只显示这一次）', body: machineBody } },
    async (req) => done(await service.saveMachine(ctx.db, authOf(req), req.body), MeasurementMsg.secretShownOnce))
  r.post('/machine/update/:id', { config, schema: { tags, summary: '编辑设备', params: idParams, body: machineBody } },
    async (req) => done(await service.updateMachine(ctx.db, authOf(req), req.params.id, req.body), Msg.updated))
  r.post('/machine/resetSecret/:id', { config, schema: { tags, summary: '重置设备密钥（旧密钥立即失效；新密钥只显示这一次）', params: idParams } },
    async (req) => done(await service.resetMachineSecret(ctx.db, authOf(req), req.params.id), MeasurementMsg.secretShownOnce))
  r.post('/machine/delete/:id', { config, schema: { tags, summary: '删除设备（已有测量记录的不能删除）', params: idParams } }, async (req) => {
    await service.deleteMachine(ctx.db, authOf(req), req.params.id)
    return done(null, Msg.deleted)
  })

  r.post('/measurement/find', { config, schema: { tags, summary: '测量记录列表（手机号打码）', body: measurementQuery } },
    async (req) => service.findMeasurements(ctx.db, authOf(req), req.body))
  exportRoute(app, {
    url: '/measurement/export', config, tags, summary: '导出测量记录（xlsx，手机号打码）', query: measurementFilters,
    exporter: service.measurementExport,
    rows: (auth, q) => service.allMeasurements(ctx.db, auth, q),
  })

  r.post('/machine/measurement', {
    // the device's own credential is checked in the handler: X-Device-No and Authorization: Bearer <secret>
    config: { access: 'public' },
    schema: { tags, summary: '设备提交一次测量（请求头 X-Device-No 与 Authorization: Bearer 设备密钥；同一 requestId 只记录一次；每台设备每分钟限次）', body: measurementBody },
  }, async (req) => {
    const device = await authenticateDevice(ctx.db, deviceCredentialOf(req.headers))
    // counted per device once it is known (in the statement that stores the reading), so a stranger
    // sending its number cannot use up its allowance
    const recorded = await recordMeasurement(ctx.db, device, req.body, { perMinute: ctx.config.deviceRatePerMinute })
    // what the device shows or prints as a QR code: the person's reports, behind a token only the server makes
    const reportUrl = activityLink(`${req.protocol}://${req.host}`, device.secretHash, recorded.testeeId, device.deviceNo)
    return done({ ...recorded, reportUrl }, recorded.repeated ? MeasurementMsg.alreadyRecorded : MeasurementMsg.recorded)
  })

  // anyone holding the link may look; a stranger trying numbers is held to a pace and learns nothing
  r.get('/public/activity/reports', {
    config: { access: 'public', ...perIpPerMinute('activity', ACTIVITY_PER_MINUTE) },
    schema: { tags, summary: '公开：设备二维码链接里的本人测量报告（按会员编号、设备编号与不可猜测的令牌）', querystring: activityLinkQuery },
  }, async (req) => publicReports(ctx.db, req.query))
}

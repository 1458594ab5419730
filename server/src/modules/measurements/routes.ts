import { idParam, machineBody, machineQuery, measurementBody, measurementFilters, MeasurementMsg, measurementQuery, Msg } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { exportRoute } from '../../platform/exportRoute.js'
import { authenticateDevice, deviceCredentialOf } from './devices.js'
import { recordMeasurement } from './ingest.js'
import * as service from './service.js'

/**
 * Devices (machines) of a base, the readings they post with their own credential (not a user's
 * session), and the measurement list. Permission machine.
 */
export function measurementRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const config = { access: 'machine' as const }
  const tags = ['设备与测量']
  const idParams = z.object({ id: idParam().describe('设备编号') })

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
    schema: { tags, summary: '设备提交一次测量（请求头 X-Device-No 与 Authorization: Bearer 设备密钥；同一 requestId 只记录一次）', body: measurementBody },
  }, async (req) => {
    const device = await authenticateDevice(ctx.db, deviceCredentialOf(req.headers))
    const recorded = await recordMeasurement(ctx.db, device, req.body)
    return done(recorded, recorded.repeated ? MeasurementMsg.alreadyRecorded : MeasurementMsg.recorded)
  })
}

import { CompanyMsg, reservationPlanFindBody, reservationPlanSaveBody } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import * as service from './service.js'

export function reservationPlanRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['基地']

  r.post('/reservationPlan/save', {
    config: { access: 'reservation_plan' },
    schema: { tags, summary: '预约设置（日期、上午/下午、罐车类型、数量）', body: reservationPlanSaveBody },
  }, async (req) => done(await service.saveReservationPlan(ctx.db, authOf(req), req.body), CompanyMsg.planSaved))

  r.post('/reservationPlan/find', {
    config: { access: 'reservation' },
    schema: { tags, summary: '预约设置列表', body: reservationPlanFindBody.optional() },
  }, async (req) => service.findReservationPlans(ctx.db, authOf(req), req.body ?? {}))
}

import {
  idParam, Msg, receptionQuery, reservationBody, reservationMonthBody, reservationPlanFindBody, reservationPlanSaveBody, ReservationMsg,
  reservationQuery, reservationRevealBody, reservationStatusBody, CompanyMsg, reservationPlanBatchBody, reservationPlanCopyWeekBody, PLAN_BATCH_MAX,
} from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import * as batches from './batches.js'
import * as bookings from './bookings.js'
import * as plans from './plans.js'

/**
 * Reservation plans (`/reservationPlan/*`: save and delete with headquarters' key reservation_plan, the
 * list with reservation, the month calendar with reservation_plan_month), bookings (`/reservation/*`,
 * reservation) and reception (`/reception/*`, reception).
 */
export function reservationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const planTags = ['预约设置']
  const tags = ['预约']
  const receptionTags = ['接待']
  const idParams = (noun: string) => z.object({ id: idParam().describe(`${noun}编号`) })

  r.post('/reservationPlan/save', {
    config: { access: 'reservation_plan' },
    schema: { tags: planTags, summary: '预约设置（日期、上午/下午、车辆类型、数量；同一组合再次保存即修改数量）', body: reservationPlanSaveBody },
  }, async (req) => done(await plans.saveReservationPlan(ctx.db, authOf(req), req.body), CompanyMsg.planSaved))

  const batchDone = (result: Awaited<ReturnType<typeof batches.batchReservationPlans>>) =>
    done(result, ReservationMsg.batchDone(result.created, result.existing.length, result.past))

  r.post('/reservationPlan/batch', {
    config: { access: 'reservation_plan' },
    schema: {
      tags: planTags, body: reservationPlanBatchBody,
      summary: `批量添加预约设置（日期范围×星期×时段×车辆类型，一次最多 ${PLAN_BATCH_MAX} 个；已存在的时段跳过并列出）`,
    },
  }, async (req) => batchDone(await batches.batchReservationPlans(ctx.db, authOf(req), req.body)))

  r.post('/reservationPlan/copyWeek', {
    config: { access: 'reservation_plan' },
    schema: { tags: planTags, summary: '复制上周：把目标周前一周的预约设置复制到目标周（已存在的时段、今天之前的日期跳过）', body: reservationPlanCopyWeekBody },
  }, async (req) => batchDone(await batches.copyLastWeek(ctx.db, authOf(req), req.body)))

  r.post('/reservationPlan/find', {
    config: { access: 'reservation' },
    schema: { tags: planTags, summary: '预约设置列表（含已预约数量）', body: reservationPlanFindBody.optional() },
  }, async (req) => plans.findReservationPlans(ctx.db, authOf(req), req.body ?? {}))

  r.delete('/reservationPlan/delete/:id', {
    config: { access: 'reservation_plan' },
    schema: { tags: planTags, summary: '删除预约设置（无有效预约时）', params: idParams('预约设置') },
  }, async (req) => {
    await plans.deleteReservationPlan(ctx.db, authOf(req), req.params.id)
    return done(null, Msg.deleted)
  })

  r.post('/reservationPlan/month', {
    config: { access: 'reservation_plan_month' },
    schema: { tags: planTags, summary: '预约日历：一个基地一个月每天的预约设置与已预约数量', body: reservationMonthBody },
  }, async (req) => plans.reservationMonth(ctx.db, authOf(req), req.body))

  r.post('/reservation/find', {
    config: { access: 'reservation' },
    schema: { tags, summary: '预约列表', body: reservationQuery },
  }, async (req) => bookings.findReservations(ctx.db, authOf(req), req.body))

  r.get('/reservation/get/:id', {
    config: { access: 'reservation' },
    schema: { tags, summary: '预约详情', params: idParams('预约') },
  }, async (req) => bookings.getReservation(ctx.db, authOf(req), req.params.id))

  r.post('/reservation/save', {
    config: { access: 'reservation' },
    schema: { tags, summary: '预约（车牌、驾驶员、电话、车辆类型、日期和时段；名额已满时拒绝）', body: reservationBody },
  }, async (req) => done(await bookings.bookReservation(ctx.db, authOf(req), req.body), ReservationMsg.booked))

  r.post('/reservation/upStatus/:id', {
    config: { access: 'reservation' },
    schema: { tags, summary: '更改预约状态（已预约→已到场/已取消/未到，未到→已到场）', params: idParams('预约'), body: reservationStatusBody },
  }, async (req) => done(await bookings.changeReservationStatus(ctx.db, authOf(req), req.params.id, req.body.status), ReservationMsg.statusChanged))

  // reception's list shows the phone masked too, so either key reveals; the role is checked as well
  r.post('/reservation/reveal/:id', {
    config: { access: { anyOf: ['reservation', 'reception'] } },
    schema: { tags, summary: '查看完整的驾驶员电话（总部管理员、基地管理员；每次查看记入日志）', params: idParams('预约'), body: reservationRevealBody },
  }, async (req) => bookings.revealReservation(ctx.db, authOf(req), req.params.id, req.body.field))

  r.post('/reception/today', {
    config: { access: 'reception' },
    schema: { tags: receptionTags, summary: '今日预约（本基地）', body: receptionQuery.optional() },
  }, async (req) => bookings.todaysReservations(ctx.db, authOf(req), req.body ?? {}))

  r.post('/reception/checkIn/:id', {
    config: { access: 'reception' },
    schema: { tags: receptionTags, summary: '接待：车辆到场', params: idParams('预约') },
  }, async (req) => done((await bookings.checkIn(ctx.db, authOf(req), req.params.id)).reservation, ReservationMsg.checkedIn))
}

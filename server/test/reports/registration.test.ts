/**
 * Inspection reports' registration: its rules in Chinese, the JC number and first event, editing only
 * while 已登记, registration from a booking (checked in once, started when its missing fields are filled),
 * and one booking registered by parallel calls.
 */
import { chinaToday, ReportMsg, RESERVATION_STATUS, ReservationMsg } from '@app/contract'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { reservations } from '../../src/db/schema/index.js'
import { a, admin, detail, env, hq, otherToken, register, start, useWorkflowApp } from './workflowFixture.js'
import { registration } from './registrationFixture.js'

useWorkflowApp()

describe('registration', () => {
  test.each([
    [{ licenseNumber: '' }, '车牌号不能为空'],
    [{ licenseNumber: 'AB123' }, ReservationMsg.plateFormat],
    [{ tankerType: '' }, '车辆类型不能为空'],
    [{ tankerType: '油罐车' }, '车辆类型只能是常压车辆、承压车辆'],
    [{ org: undefined }, '单位不能为空'],
    [{ org: '单'.repeat(101) }, '单位不能超过100个字符'],
    [{ contactName: ' ' }, '驾驶员姓名不能为空'],
    [{ phone: '1391234' }, '驾驶员电话格式不正确'],
    [{ latestMaterial: undefined }, '最近装载介质不能为空'],
    [{ outdate: undefined }, '有效期不能为空'],
    [{ outdate: '2027-02-30' }, '有效期不是有效的日期'],
    [{ images: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }, '现场照片最多 9 张'],
    [{ images: 'x' }, '现场照片格式不正确'],
    [{ images: [999_999] }, '附件不存在（编号 999999）'],
  ])('%j is refused: %s', async (over, message) => {
    const before = (await env.call(admin, 'POST', '/api/report/find', {})).data.totalCount
    const res = await register(admin, over)
    expect(res.status).toBe(400)
    expect(res.message).toContain(message)
    expect((await env.call(admin, 'POST', '/api/report/find', {})).data.totalCount).toBe(before)
  })

  test('a registration is 已登记 with a JC number of today, its event and the plate normalised', async () => {
    const res = await register(admin, { licenseNumber: '苏a 54321' })
    expect(res.status).toBe(200)
    expect(res.message).toBe(ReportMsg.registered)
    expect(res.data).toMatchObject({ status: 0, statusName: '已登记', licenseNumber: '苏A54321', companyId: a, typeName: '', result: null })
    expect(res.data.reportNumber).toBe(`JC${chinaToday().replaceAll('-', '')}${String(res.data.id).padStart(6, '0')}`)
    const d = await detail(res.data.id)
    expect(d.events).toMatchObject([{ fromStatus: null, toStatus: 0, toName: '已登记' }])
    expect(d.steps).toEqual([])
  })

  test('编辑登记 only while 已登记; /report/save with an id edits, without one registers', async () => {
    const id = (await env.call(admin, 'POST', '/api/report/save', registration())).data.id as number
    const edited = await env.call(admin, 'POST', '/api/report/save', registration({ id, org: '新单位' }))
    expect(edited.status).toBe(200)
    expect(edited.data.org).toBe('新单位')
    expect(edited.data.id).toBe(id)
    await start(id)
    const refused = await env.call(admin, 'POST', '/api/report/save', registration({ id, org: '再改' }))
    expect(refused.status).toBe(409)
    expect(refused.message).toBe(ReportMsg.onlyRegisteredEditable('正在检验'))
  })
})

describe('registration from a booking', () => {
  test('checks the booking in and registers it once; start waits for the fields a booking lacks', async () => {
    const today = chinaToday()
    await env.call(hq, 'POST', '/api/reservationPlan/save', { companyId: a, reserveTime: today, reservePeriod: '上午', tankerType: '承压车辆', totalCount: 5 })
    const booking = await env.call(admin, 'POST', '/api/reservation/save', {
      licenseNumber: '苏B77777', contactName: '赵师傅', phone: '13877777777', tankerType: '承压车辆', reserveTime: today, reservePeriod: '上午',
    })
    expect(booking.status).toBe(200)
    const res = await env.call(admin, 'POST', `/api/report/syncFromReservation/${booking.data.id}`)
    expect(res.status).toBe(200)
    expect(res.data).toMatchObject({ licenseNumber: '苏B77777', contactName: '赵师傅', tankerType: '承压车辆', receptionId: booking.data.id, org: null, outdate: null })
    const [row] = await env.db.select().from(reservations).where(eq(reservations.id, booking.data.id))
    expect(row!.status).toBe(RESERVATION_STATUS.arrived)
    const again = await env.call(admin, 'POST', `/api/report/syncFromReservation/${booking.data.id}`)
    expect(again.status).toBe(409)
    expect(again.message).toBe(ReportMsg.reservationUsed)
    const viaDialog = await register(admin, { licenseNumber: '苏B77777', receptionId: booking.data.id })
    expect(viaDialog.status).toBe(409)
    expect(viaDialog.message).toBe(ReportMsg.reservationUsed)
    const early = await start(res.data.id)
    expect(early.status).toBe(409)
    expect(early.message).toBe(ReportMsg.registrationIncomplete(['单位', '最近装载介质', '有效期']))
    await env.call(admin, 'POST', '/api/report/save', registration({ id: res.data.id, licenseNumber: '苏B77777', tankerType: '承压车辆' }))
    expect((await start(res.data.id)).status).toBe(200)
    expect((await env.call(otherToken, 'POST', `/api/report/syncFromReservation/${booking.data.id}`)).status).toBe(404)
  })
})

describe('races', () => {
  test('one booking registered by parallel calls gives one report', async () => {
    const today = chinaToday()
    const booking = await env.call(admin, 'POST', '/api/reservation/save', {
      licenseNumber: '苏B66666', contactName: '钱师傅', phone: '13866666666', tankerType: '承压车辆', reserveTime: today, reservePeriod: '上午',
    })
    const answers = await Promise.all(Array.from({ length: 8 }, () => env.call(admin, 'POST', `/api/report/syncFromReservation/${booking.data.id}`)))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1)
    expect(answers.filter((r) => r.status === 409).every((r) => r.message === ReportMsg.reservationUsed || r.message.includes('已到场'))).toBe(true)
  })
})

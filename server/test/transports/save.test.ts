import { DELIVERY_REQUIRED, EDIT_DELIVERY_REQUIRED, EDIT_SIGN_REQUIRED, ResultCode, SIGN_REQUIRED, TransportMsg, type Transport, type TransportBody } from '@app/contract'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { logEntries, settlementTolerances, transportDestinations, transports } from '../../src/db/schema/index.js'
import { fullBody, ticketPair, ticketPicture, transportEnv, type TransportEnv } from './setup.js'

let t: TransportEnv
beforeAll(async () => { t = await transportEnv() })
afterAll(async () => t?.env.close())

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => t.env.call(token, method, url, body)
const pair = (read?: Parameters<typeof ticketPair>[3]) => ticketPair(t.env, t.a.id, t.users.uploader.id, read)
const destination = (weight: number | null, extra: Record<string, unknown> = {}) =>
  ({ dest: '二号工地', address: '合肥市蜀山区', signTime: '2024-05-01 16:00:00', weight, signUser: '陈工', signSettlement: '建工集团结算部', ...extra })

/** Saves a complete transport as the uploader; answers the saved transport. */
async function saved(extra: Partial<TransportBody> = {}, read?: Parameters<typeof ticketPair>[3]): Promise<Transport> {
  // readings that agree with the saved weights unless the test says otherwise
  read ??= { delivery: { deliveryNetWeight: extra.deliveryNetWeight ?? 32.5 }, sign: { signFirstNetWeight: extra.signFirstNetWeight ?? 32.5 } }
  const res = await call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody(await pair(read), extra))
  expect(res.status, res.message).toBe(200)
  return res.data
}

describe('weights: the server computes', () => {
  test('totals with 0 to 8 extra destinations, ordinals 2..9', async () => {
    for (let n = 0; n <= 8; n++) {
      const tr = await saved({ signFirstNetWeight: 20, destinations: Array.from({ length: n }, () => destination(1.11)) })
      expect(tr.signNetWeight).toBe(Math.round((20 + n * 1.11) * 100) / 100)
      expect(tr.poundDiff).toBe(Math.round((32.5 - 20 - n * 1.11) * 100) / 100)
      expect(tr.destinations.map((d) => d.ordinal)).toEqual(Array.from({ length: n }, (_, i) => i + 2))
      expect(tr.status).toBe(2)
    }
  })

  test('0.1 + 0.2 is 0.3; weights are rounded to 2 decimals', async () => {
    const tr = await saved({ deliveryNetWeight: 0.3, signFirstNetWeight: 0.1, destinations: [destination(0.2)] })
    expect(tr.signNetWeight).toBe(0.3)
    expect(tr.poundDiff).toBe(0)
    const r = await saved({ deliveryNetWeight: 32.456, deliveryGrossWeight: 47.444, signFirstNetWeight: 32.455, destinations: [destination(0.004)] })
    expect([r.deliveryNetWeight, r.deliveryGrossWeight, r.signFirstNetWeight, r.destinations[0]!.weight]).toEqual([32.46, 47.44, 32.46, 0])
  })

  test('poundDiff exactly ±1 t is over the default tolerance, 0.99 is not', async () => {
    expect(await saved({ deliveryNetWeight: 33.5 })).toMatchObject({ poundDiff: 1, dangerLevel: 1 })
    expect(await saved({ deliveryNetWeight: 31.5 })).toMatchObject({ poundDiff: -1, dangerLevel: 1 })
    expect(await saved({ deliveryNetWeight: 33.49 })).toMatchObject({ poundDiff: 0.99, dangerLevel: null })
  })

  test('the settlement unit’s tolerance: tons, then per mille of the delivery net', async () => {
    const settlement = '宽松结算'
    await t.env.db.insert(settlementTolerances).values({ companyId: t.a.id, settlement, unit: 'ton', value: 2 })
    expect(await saved({ signSettlement: settlement, deliveryNetWeight: 34 })).toMatchObject({ poundDiff: 1.5, dangerLevel: null })
    expect(await saved({ signSettlement: settlement, deliveryNetWeight: 34.5 })).toMatchObject({ poundDiff: 2, dangerLevel: 1 })
    // 10 ‰ of 32.83 t is 0.33 t
    await t.env.db.update(settlementTolerances).set({ unit: 'permille', value: 10 }).where(eq(settlementTolerances.settlement, settlement))
    expect(await saved({ signSettlement: settlement, deliveryNetWeight: 32.83 })).toMatchObject({ poundDiff: 0.33, dangerLevel: 1 })
    expect(await saved({ signSettlement: settlement, deliveryNetWeight: 32.82 })).toMatchObject({ poundDiff: 0.32, dangerLevel: null })
    // another base's tolerance of the same name does not count
    expect(await saved({ signSettlement: '乙方结算', deliveryNetWeight: 33.5 })).toMatchObject({ dangerLevel: 1 })
  })

  test('dangerLevel 2 when a saved weight is 1 t or more off its reading, 3 with the pound difference too', async () => {
    const modified = await saved({}, { delivery: { deliveryNetWeight: 31.5 }, sign: { signFirstNetWeight: 32.5 } })
    expect(modified).toMatchObject({ dangerLevel: 2, udDeliveryNetWeight: 31.5, deliveryNetWeight: 32.5 })
    expect(await saved({}, { delivery: { deliveryNetWeight: 31.51 } })).toMatchObject({ dangerLevel: null })
    expect(await saved({ deliveryNetWeight: 34 }, { delivery: { deliveryNetWeight: 34 }, sign: { signFirstNetWeight: 30 } }))
      .toMatchObject({ dangerLevel: 3, poundDiff: 1.5, udSignFirstNetWeight: 30 })
  })

  test('totals, pound difference, danger level, originals and raw text sent by the client are ignored', async () => {
    const tr = await saved({ signNetWeight: 99, poundDiff: 5, dangerLevel: 3, udDeliveryNetWeight: 1, deliveryOrigin: '伪造', companyId: t.b.id, status: 3 } as never)
    expect(tr).toMatchObject({ signNetWeight: 32.5, poundDiff: 0, dangerLevel: null, udDeliveryNetWeight: 32.5, deliveryOrigin: '原文1', signOrigin: '原文2', companyId: t.a.id, status: 2 })
  })
})

describe('required fields, pictures and consistency', () => {
  test('saveTemp needs the delivery picture, saveTempFin and save both', async () => {
    const pics = await pair()
    expect((await call(t.tokens.uploader, 'POST', '/api/logistics/saveTemp', {})).message).toBe(TransportMsg.deliveryPictureMissing)
    expect((await call(t.tokens.uploader, 'POST', '/api/logistics/saveTempFin', { deliveryPicId: pics.deliveryPicId })).message).toBe(TransportMsg.signPictureMissing)
    const res = await call(t.tokens.uploader, 'POST', '/api/logistics/save', { ...fullBody(pics), signPicId: undefined })
    expect([res.status, res.message]).toEqual([400, TransportMsg.signPictureMissing])
  })

  test('every field save requires, in order, with the spec’s message', async () => {
    const pics = await pair()
    // signNetWeight is the server's total of the first net and the destinations: 第一收货净重 is asked first
    const fields = Object.entries({ ...DELIVERY_REQUIRED, ...SIGN_REQUIRED }).filter(([f]) => f !== 'signNetWeight')
    for (const [field, message] of fields) {
      const res = await call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody(pics, { [field]: null }))
      expect([res.status, res.message], field).toEqual([400, message])
    }
    const res = await call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody(pics, { deliveryManufactory: ' ', signUser: null }))
    expect(res.message).toBe(DELIVERY_REQUIRED.deliveryManufactory)
  })

  test('destinations of the upload page and of the edit page', async () => {
    const res = await call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody(await pair(), { destinations: [destination(1), destination(1, { address: null })] }))
    expect([res.status, res.message]).toEqual([400, '第三收货地的收货地址不能为空'])
    const tr = await saved()
    const edit = await call(t.tokens.admin, 'PUT', `/api/logistics/update/${tr.id}`, { ...tr, destinations: [destination(null)] })
    expect([edit.status, edit.message]).toEqual([400, TransportMsg.destinationWeightMissing('第二收货地')])
  })

  test('the edit page’s required fields (no carrier) and its total net weight', async () => {
    const tr = await saved()
    for (const [field, message] of Object.entries({ ...EDIT_DELIVERY_REQUIRED, ...EDIT_SIGN_REQUIRED })) {
      const res = await call(t.tokens.admin, 'PUT', `/api/logistics/update/${tr.id}`, { ...tr, [field]: null, ...(field === 'signNetWeight' && { signFirstNetWeight: null }) })
      expect([res.status, res.message], field).toEqual([400, message])
    }
    const res = await call(t.tokens.admin, 'PUT', `/api/logistics/update/${tr.id}`, { ...tr, deliveryCarrier: null, signCarrier: '别的物流' })
    expect(res.status, res.message).toBe(200)
  })

  test('a receiving field that differs from the delivery one', async () => {
    const res = await call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody(await pair(), { signPlateNumber: '皖B99999' }))
    expect([res.status, res.message]).toEqual([400, '与发货车牌号不一致：皖A12345'])
  })
})

describe('status', () => {
  test('temporary saves, continuing one, then saving it complete', async () => {
    const pics = await pair()
    const temp = await call(t.tokens.uploader, 'POST', '/api/logistics/saveTemp', { deliveryPicId: pics.deliveryPicId, deliveryNetWeight: 32.5 })
    expect([temp.status, temp.message, temp.data.status, temp.data.signNetWeight, temp.data.poundDiff]).toEqual([200, TransportMsg.tempSaved, 1, null, null])
    const fin = await call(t.tokens.uploader, 'POST', '/api/logistics/saveTempFin', { id: temp.data.id, version: temp.data.version, ...pics, deliveryNetWeight: 32.5, signFirstNetWeight: 30 })
    expect(fin.data).toMatchObject({ id: temp.data.id, status: 1, poundDiff: 2.5, version: 2 })
    const done = await call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody(pics, { id: temp.data.id, version: 2 }))
    expect(done.data).toMatchObject({ id: temp.data.id, status: 2, version: 3 })
    const again = await call(t.tokens.uploader, 'POST', '/api/logistics/saveTemp', fullBody(pics, { id: temp.data.id }))
    expect([again.status, again.message]).toEqual([409, TransportMsg.notTemp])
  })

  test('1→3 and 2→3 only; an invalid transport is not edited', async () => {
    const tr = await saved()
    const up = (id: number, status: unknown) => call(t.tokens.admin, 'POST', `/api/logistics/upStatus/${id}`, { status })
    expect((await up(tr.id, 1)).message).toBe(TransportMsg.statusNotAllowed('上传完成', '暂存'))
    const invalid = await up(tr.id, '3')
    expect([invalid.status, invalid.data.status]).toEqual([200, 3])
    expect([(await up(tr.id, 2)).status, (await up(tr.id, 2)).message]).toEqual([409, TransportMsg.statusNotAllowed('作废', '上传完成')])
    expect((await up(tr.id, 9)).status).toBe(400)
    const edit = await call(t.tokens.admin, 'PUT', `/api/logistics/update/${tr.id}`, { ...tr })
    expect([edit.status, edit.message]).toEqual([409, TransportMsg.invalidNoEdit])
    const temp = await call(t.tokens.uploader, 'POST', '/api/logistics/saveTemp', { deliveryPicId: (await pair()).deliveryPicId })
    expect((await up(temp.data.id, 3)).data.status).toBe(3)
  })

  test('delete takes the destinations along', async () => {
    const tr = await saved({ destinations: [destination(1)] })
    expect((await call(t.tokens.admin, 'DELETE', `/api/logistics/delete/${tr.id}`)).message).toBe(TransportMsg.deleted)
    expect((await call(t.tokens.admin, 'GET', `/api/logistics/get/getLogistics?id=${tr.id}`)).status).toBe(404)
    const [left] = await t.env.db.select({ n: count() }).from(transportDestinations).where(eq(transportDestinations.transportId, tr.id))
    expect(left!.n).toBe(0)
  })
})

describe('bad input', () => {
  test('wrong types, too many destinations, huge strings: a Chinese 400', async () => {
    const pics = await pair()
    const cases: [Record<string, unknown>, string][] = [
      [{ deliveryNetWeight: '三十吨' }, '发货净重必须是数字'],
      [{ deliveryNetWeight: -1 }, '发货净重不能小于0'],
      [{ deliveryNetWeight: 1e9 }, '发货净重不能大于1000吨'],
      [{ deliveryBags: 1.5 }, '袋数必须是整数'],
      [{ deliveryTime: '昨天' }, '发货时间格式不正确，应为 YYYY-MM-DD HH:mm:ss'],
      [{ deliveryAdditional: '很'.repeat(100_000) }, '备注不能超过500个字符'],
      [{ destinations: Array.from({ length: 9 }, () => destination(1)) }, '其他收货地最多8个'],
      [{ destinations: 'x' }, '其他收货地格式不正确'],
      [{ deliveryPicId: 'abc' }, '发货票据必须是整数'],
      [{ confirmDuplicate: 'yes' }, '确认重复格式不正确'],
    ]
    for (const [patch, message] of cases) {
      const res = await call(t.tokens.uploader, 'POST', '/api/logistics/save', { ...fullBody(pics), ...patch })
      expect([res.status, res.message], JSON.stringify(patch).slice(0, 60)).toEqual([400, message])
    }
  })

  test('another base’s pictures and transports', async () => {
    const theirs = await ticketPicture(t.env, t.b.id, t.users.other.id, 1)
    const pics = await pair()
    const res = await call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody({ ...pics, deliveryPicId: theirs }))
    expect([res.status, res.message]).toEqual([400, TransportMsg.pictureNotTicket])
    const url = `/api/attachments/actions/download?id=${theirs}`
    for (const picUrl of [url, 'https://evil.example/x.jpg', `${url}&x=1`]) {
      const d = await call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody(pics, { destinations: [destination(1, { picUrl })] }))
      expect([d.status, d.message]).toEqual([400, TransportMsg.destinationPictureInvalid])
    }
    const theirTransport = (await call(t.tokens.other, 'POST', '/api/logistics/save', fullBody(await ticketPair(t.env, t.b.id, t.users.other.id)))).data as Transport
    for (const [method, url, body] of [
      ['GET', `/api/logistics/get/getLogistics?id=${theirTransport.id}`],
      ['GET', `/api/logistics/findDou?id=${theirTransport.id}`],
      ['PUT', `/api/logistics/update/${theirTransport.id}`, { ...theirTransport }],
      ['POST', `/api/logistics/upStatus/${theirTransport.id}`, { status: 3 }],
      ['DELETE', `/api/logistics/delete/${theirTransport.id}`],
      ['POST', '/api/logistics/saveTemp', { id: theirTransport.id, ...pics }],
    ] as const) {
      const r = await call(t.tokens.admin, method, url, body)
      expect([r.status, r.message], url).toEqual([404, TransportMsg.notFound])
    }
    const still = await call(t.tokens.other, 'GET', `/api/logistics/get/getLogistics?id=${theirTransport.id}`)
    expect(still.data).toMatchObject({ status: 2, version: 1 })
  })

  test('a user with neither the grid nor the upload is refused', async () => {
    const tr = await saved()
    expect((await call(t.tokens.inspector, 'GET', `/api/logistics/get/getLogistics?id=${tr.id}`)).status).toBe(403)
    expect((await call(t.tokens.inspector, 'POST', '/api/logistics/save', {})).status).toBe(403)
  })
})

describe('version check', () => {
  test('a stale edit gets 409 naming who saved it when', async () => {
    const tr = await saved()
    const first = await call(t.tokens.admin, 'PUT', `/api/logistics/update/${tr.id}`, { ...tr, signUser: '新签收人' })
    expect(first.data).toMatchObject({ version: 2, signUser: '新签收人', updatedBy: '李四' })
    const stale = await call(t.tokens.uploader, 'PUT', `/api/logistics/update/${tr.id}`, { ...tr, signUser: '旧页面' })
    expect(stale.status).toBe(409)
    expect(stale.message).toBe(TransportMsg.stale('李四', first.data.updateTime))
    expect((await call(t.tokens.admin, 'GET', `/api/logistics/get/getLogistics?id=${tr.id}`)).data.signUser).toBe('新签收人')
  })

  test('parallel edits of one version: exactly one wins', async () => {
    const tr = await saved()
    const answers = await Promise.all(['甲', '乙', '丙', '丁'].map((who) => call(t.tokens.admin, 'PUT', `/api/logistics/update/${tr.id}`, { ...tr, signUser: who })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409])
    expect((await call(t.tokens.admin, 'GET', `/api/logistics/get/getLogistics?id=${tr.id}`)).data.version).toBe(2)
  })
})

describe('one transaction', () => {
  test('a failing destination insert leaves nothing written', async () => {
    // a constraint only this test has: the 4th destination's insert fails inside the database
    await t.env.db.execute(sql`alter table transport_destination add constraint test_refuses check (dest is distinct from '故障')`)
    try {
      const [before] = await t.env.db.select({ n: count() }).from(transports)
      const res = await call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody(await pair(), { destinations: [destination(1), destination(1, { dest: '故障' })] }))
      expect(res.status).toBe(500)
      const [after] = await t.env.db.select({ n: count() }).from(transports)
      expect(after!.n).toBe(before!.n)
      const tr = await saved({ destinations: [destination(1), destination(2)] })
      const edit = await call(t.tokens.admin, 'PUT', `/api/logistics/update/${tr.id}`, { ...tr, signUser: '改了', destinations: [destination(3), destination(1, { dest: '故障' })] })
      expect(edit.status).toBe(500)
      const kept = (await call(t.tokens.admin, 'GET', `/api/logistics/get/getLogistics?id=${tr.id}`)).data as Transport
      expect([kept.signUser, kept.version, kept.destinations.map((d) => d.weight)]).toEqual(['王工', 1, [1, 2]])
    } finally {
      await t.env.db.execute(sql`alter table transport_destination drop constraint test_refuses`)
    }
  })
})

describe('duplicate tickets', () => {
  test('the same photo or the same number of the same manufacturer needs a confirmation, which is logged', async () => {
    const photo = 424242
    const body = fullBody({ deliveryPicId: await ticketPicture(t.env, t.a.id, t.users.uploader.id, 1, {}, { seed: photo }), signPicId: (await pair()).signPicId })
    const res1 = await call(t.tokens.uploader, 'POST', '/api/logistics/save', body)
    expect(res1.status, res1.message).toBe(200)
    // the same photo uploaded again: another attachment with the same bytes
    const samePhoto = { deliveryPicId: await ticketPicture(t.env, t.a.id, t.users.uploader.id, 1, {}, { seed: photo }), signPicId: (await pair()).signPicId }
    const dup = await call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody(samePhoto))
    expect([dup.status, dup.code]).toEqual([409, ResultCode.DUPLICATE_TICKET])
    expect(dup.data).toEqual([expect.objectContaining({ transportId: res1.data.id, reason: 'picture', ticketType: 1 })])
    expect(dup.message).toBe(TransportMsg.duplicate(`运单 ${res1.data.id}`))

    const sameNumber = await call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody(await pair(), { deliveryNumber: res1.data.deliveryNumber }))
    expect(sameNumber.data).toEqual([expect.objectContaining({ transportId: res1.data.id, reason: 'number', ticketType: 1, number: res1.data.deliveryNumber })])
    // another manufacturer's ticket of the same number is another ticket
    const otherMaker = await call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody(await pair(), { deliveryNumber: res1.data.deliveryNumber, deliveryManufactory: '华新水泥', signManufactory: '华新水泥' }))
    expect(otherMaker.status).toBe(200)

    const confirmed = await call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody(samePhoto, { confirmDuplicate: true }))
    expect(confirmed.status).toBe(200)
    const logs = await t.env.db.select().from(logEntries).where(eq(logEntries.errorMes, TransportMsg.duplicateLog(confirmed.data.id, `运单 ${res1.data.id}`)))
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ companyId: t.a.id, phone: t.users.uploader.phone })
    // editing a transport is no duplicate of itself; an invalid transport holds nothing
    const self = await call(t.tokens.admin, 'PUT', `/api/logistics/update/${res1.data.id}`, { ...res1.data, confirmDuplicate: false })
    expect(self.code, self.message).toBe(ResultCode.DUPLICATE_TICKET)
    expect(self.data.map((d: { transportId: number }) => d.transportId)).toEqual([confirmed.data.id])
    await call(t.tokens.admin, 'POST', `/api/logistics/upStatus/${confirmed.data.id}`, { status: 3 })
    expect((await call(t.tokens.admin, 'PUT', `/api/logistics/update/${res1.data.id}`, { ...res1.data })).status).toBe(200)
  })

  test('another base’s transport with the same number is no duplicate', async () => {
    const theirs = await call(t.tokens.other, 'POST', '/api/logistics/save', fullBody(await ticketPair(t.env, t.b.id, t.users.other.id), { deliveryNumber: 'GONGYONG-1' }))
    expect(theirs.status).toBe(200)
    expect((await call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody(await pair(), { deliveryNumber: 'GONGYONG-1' }))).status).toBe(200)
  })
})

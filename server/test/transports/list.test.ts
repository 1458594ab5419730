import { PackedPageReader, TicketMsg, TRANSPORT_GRID_FIELDS, TransportMsg, unpackPage, type PackedPage, type Transport, type TransportGridRow } from '@app/contract'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { transportDestinations, transports } from '../../src/db/schema/index.js'
import { GRID_ORDER, selectTransports, toTransport, withDestinations } from '../../src/modules/transports/query.js'
import sharp from 'sharp'
import { bearer, multipart } from '../helpers.js'
import { fullBody, pictureBytes, ticketPair, transportEnv, type TransportEnv } from './setup.js'

let t: TransportEnv
let rows: (typeof transports.$inferSelect)[]
beforeAll(async () => {
  t = await transportEnv()
  const base = { companyId: t.a.id, userId: t.users.uploader.id, status: 2 }
  rows = await t.env.db.insert(transports).values([
    { ...base, deliveryManufactory: '海螺水泥', deliveryCustomer: '建工集团', deliveryCarrier: '顺达物流', deliveryGoodsName: '散装水泥', signName: '一号工地', signSettlement: '建工结算', deliveryTime: new Date('2024-05-01T02:00:00Z'), createTime: new Date('2024-05-01T03:00:00Z'), deliveryNetWeight: 31, originals: { deliveryNetWeight: 30.5 } },
    { ...base, deliveryManufactory: '海螺水泥', deliveryCustomer: '城建_公司', deliveryCarrier: '顺达物流', deliveryGoodsName: 'P.O 42.5 散装', signName: '二号工地', deliveryTime: new Date('2024-05-02T02:00:00Z'), createTime: new Date('2024-05-02T03:00:00Z'), dangerLevel: 1 },
    { ...base, userId: t.users.admin.id, status: 1, deliveryManufactory: '华新水泥', deliveryCarrier: '安达运输', deliveryTime: new Date('2024-06-01T02:00:00Z'), createTime: new Date('2024-06-01T03:00:00Z'), dangerLevel: 3 },
    { companyId: t.b.id, userId: t.users.other.id, status: 2, deliveryManufactory: '乙方厂家', deliveryCarrier: '乙方物流', createTime: new Date('2024-05-03T03:00:00Z') },
  ]).returning()
  await t.env.db.insert(transportDestinations).values([
    { transportId: rows[0]!.id, ordinal: 3, weight: 2 }, { transportId: rows[0]!.id, ordinal: 2, weight: 1.5, signTime: new Date('2024-05-01T08:00:00Z') },
  ])
})
afterAll(async () => t?.env.close())

const find = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await t.env.call(token, 'POST', '/api/logistics/find/', body)
  expect(res.status, res.message).toBe(200)
  return { ids: (res.data.data as Transport[]).map((r) => r.id), page: res.data as { data: Transport[]; totalCount: number } }
}
const ids = (...i: number[]) => i.map((n) => rows[n]!.id)

describe('the grid', () => {
  test('a base sees its own transports, newest first (another base asked for is refused); headquarters any', async () => {
    expect((await find(t.tokens.admin)).ids).toEqual(ids(2, 1, 0))
    expect((await find(t.tokens.admin, { companyId: t.a.id })).ids).toEqual(ids(2, 1, 0))
    expect(await t.env.call(t.tokens.admin, 'POST', '/api/logistics/find/', { companyId: t.b.id })).toMatchObject({ status: 404, message: '基地不存在' })
    expect((await find(t.tokens.other)).ids).toEqual(ids(3))
    expect((await find(t.tokens.hq)).ids).toEqual(ids(2, 3, 1, 0))
    expect((await find(t.tokens.hq, { companyId: t.b.id })).ids).toEqual(ids(3))
  })

  test('a row as the grid shows it, with its destinations in order and without the readings', async () => {
    const row = (await find(t.tokens.admin)).page.data.find((r) => r.id === rows[0]!.id)!
    expect(row).toMatchObject({
      companyName: '甲基地', phone: t.users.uploader.phone, createTime: '2024-05-01 11:00:00', deliveryTime: '2024-05-01 10:00:00',
      deliveryTimeStr: '2024-05-01 10:00:00', signTimeStr: '', deliveryNetWeight: 31, status: 2, version: 1,
    })
    // the readings and raw texts stay on the detail: a 100,000-row page must not carry them
    expect(row).not.toHaveProperty('udDeliveryNetWeight')
    expect(row).not.toHaveProperty('deliveryOrigin')
    expect(row.destinations.map((d) => [d.ordinal, d.weight, d.signTimeStr])).toEqual([[2, 1.5, '2024-05-01 16:00:00'], [3, 2, '']])
  })

  test('every filter', async () => {
    const cases: [Record<string, unknown>, number[]][] = [
      [{ deliveryManufactory: '海螺' }, [1, 0]],
      [{ deliveryCustomer: '_' }, [1]],
      [{ deliveryCustomer: '%' }, []],
      [{ deliveryCarrier: '安达' }, [2]],
      [{ deliveryGoodsName: '散装水泥' }, [0]],
      // letters match whatever their case; text without letters (matched with LIKE) the same rows
      [{ deliveryGoodsName: 'p.o 42' }, [1]],
      [{ deliveryGoodsName: '42.5 散装' }, [1]],
      [{ signName: '二号' }, [1]],
      [{ signSettlement: '建工' }, [0]],
      [{ phone: t.users.admin.phone.slice(-4) }, [2]],
      [{ status: 1 }, [2]],
      [{ dangerLevel: 3 }, [2]],
      [{ deliveryTimeQuery: ['2024-05-01', '2024-05-02'] }, [1, 0]],
      [{ deliveryTimeQuery: '2024-05-02,' }, [2, 1]],
      [{ createTimeQuery: ['2024-05-01 11:00:00', '2024-05-01 11:00:00'] }, [0]],
    ]
    for (const [filter, expected] of cases) expect((await find(t.tokens.admin, filter)).ids, JSON.stringify(filter)).toEqual(ids(...expected))
    const paged = await find(t.tokens.admin, { pageNo: 2, pageSize: 2 })
    expect([paged.ids, paged.page.totalCount]).toEqual([ids(0), 3])
    // small pages pick their ids first, pages over 1000 rows read in order: both give the same slices
    for (const filter of [{}, { deliveryCarrier: '顺达' }, { deliveryCarrier: '没有' }]) {
      const whole = (await find(t.tokens.admin, { ...filter, size: 1001 })).ids
      const oneByOne = []
      for (let page = 1; page <= whole.length + 1; page++) oneByOne.push(...(await find(t.tokens.admin, { ...filter, page, size: 1 })).ids)
      expect(oneByOne, JSON.stringify(filter)).toEqual(whole)
    }
    const bad = await t.env.call(t.tokens.admin, 'POST', '/api/logistics/find', { size: 100_001 })
    expect(bad.status).toBe(400)
    const center = await t.env.call(t.tokens.admin, 'POST', '/api/logistics/findCenter', { deliveryManufactory: '海螺' })
    expect(center.data.map((r: Transport) => r.id)).toEqual(ids(1, 0))
  })

  test('suggestions of the base, most used first', async () => {
    expect(await t.env.call(t.tokens.admin, 'POST', `/api/logistics/findList?companyId=${t.b.id}`)).toMatchObject({ status: 404, message: '基地不存在' })
    const res = await t.env.call(t.tokens.admin, 'POST', '/api/logistics/findList')
    expect(res.data).toMatchObject({
      deliveryManufactory: ['海螺水泥', '华新水泥'], deliveryCarriers: ['顺达物流', '安达运输'], deliveryGoodsNames: ['P.O 42.5 散装', '散装水泥'],
      signNames: ['一号工地', '二号工地'], phones: [t.users.uploader.phone, t.users.admin.phone], deliverySpecifics: [],
    })
    expect((await t.env.call(t.tokens.hq, 'POST', `/api/logistics/findList?companyId=${t.b.id}`)).data.deliveryManufactory).toEqual(['乙方厂家'])
  })
})

describe('one transport', () => {
  test('findDou splits delivery and receiving with their originals; getLogistics answers the grid row', async () => {
    const res = await t.env.call(t.tokens.admin, 'GET', `/api/logistics/findDou?id=${rows[0]!.id}`)
    expect(res.data).toMatchObject({ id: rows[0]!.id, status: 2, dResponseVO: { deliveryNetWeight: 31, udDeliveryNetWeight: 30.5, deliveryTimeStr: '2024-05-01 10:00:00' } })
    expect(res.data.sResponseVO.destinations).toHaveLength(2)
    expect(Object.keys(res.data.dResponseVO).some((k) => k.startsWith('sign'))).toBe(false)
    expect(Object.keys(res.data.sResponseVO).some((k) => k.startsWith('delivery'))).toBe(false)
    const get = await t.env.call(t.tokens.uploader, 'GET', `/api/logistics/get/getLogistics?id=${rows[0]!.id}`)
    expect(get.data).toMatchObject({ id: rows[0]!.id, companyName: '甲基地' })
    expect((await t.env.call(t.tokens.admin, 'GET', '/api/logistics/findDou?id=abc')).status).toBe(400)
    expect((await t.env.call(t.tokens.admin, 'GET', '/api/logistics/findDou?id=99999')).message).toBe(TransportMsg.notFound)
  })

  test('an extra destination’s picture: its URL, usable on a transport of the base only', async () => {
    const up = await t.env.upload(t.tokens.uploader, '/api/logistics/upload', multipart({ file: { name: 'd.png', type: 'image/png', data: await pictureBytes() } }))
    expect(up.status, up.message).toBe(200)
    expect(up.data).toMatch(/^\/api\/attachments\/actions\/download\?id=\d+$/)
    const notImage = await t.env.upload(t.tokens.uploader, '/api/logistics/upload', multipart({ file: { name: 'x.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') } }))
    expect(notImage.status).toBe(400)
    expect(notImage.message).toBe(TicketMsg.notImage)
    const gif = await t.env.upload(t.tokens.uploader, '/api/logistics/upload', multipart({ file: { name: 'd.gif', type: 'image/gif', data: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).gif().toBuffer() } }))
    expect([gif.status, gif.message]).toEqual([400, TicketMsg.notImage])
    const destination = { dest: '三号工地', address: '合肥', signTime: '2024-05-01 16:00:00', weight: 1, signUser: '陈工', signSettlement: '结算', picUrl: up.data }
    const pics = await ticketPair(t.env, t.a.id, t.users.uploader.id)
    const saved = await t.env.call(t.tokens.uploader, 'POST', '/api/logistics/save', fullBody(pics, { destinations: [destination] }))
    expect(saved.data.destinations[0].picUrl).toBe(up.data)
    const theirs = await t.env.call(t.tokens.other, 'POST', '/api/logistics/save', fullBody(await ticketPair(t.env, t.b.id, t.users.other.id), { destinations: [destination] }))
    expect([theirs.status, theirs.message]).toEqual([400, TransportMsg.destinationPictureInvalid])
  })

  test('an extra destination’s photo is kept as a read ticket photo is: 3520 px at half its size, 3000 px at 2400 px', async () => {
    const keptWidth = async (width: number) => {
      const data = await sharp({ create: { width, height: Math.round(width / 2), channels: 3, background: '#f4f1ea' } }).jpeg().toBuffer()
      const up = await t.env.upload(t.tokens.uploader, '/api/logistics/upload', multipart({ file: { name: 'd.jpg', type: 'image/jpeg', data } }))
      expect(up.status, up.message).toBe(200)
      const picture = await t.env.app.inject({ method: 'GET', url: up.data, headers: bearer(t.tokens.uploader) })
      return (await sharp(picture.rawPayload).metadata()).width
    }
    expect(await keptWidth(3520)).toBe(1760)
    expect(await keptWidth(3000)).toBe(2400)
  })
})

describe('the grid written by the database', () => {
  test('each row of the page is what toTransport makes of it, pictures, writer and destinations included', async () => {
    await t.env.db.update(transports).set({ updatedBy: t.users.admin.id }).where(eq(transports.id, rows[1]!.id))
    const expected = (await selectTransports(t.env.db, true)).map(toTransport)
    await withDestinations(t.env.db, expected)
    const answered = (await find(t.tokens.hq, { size: 100_000 })).page.data
    const byId = (list: Transport[]) => Object.fromEntries(list.map((r) => [r.id, r]))
    expect(byId(answered)).toEqual(byId(JSON.parse(JSON.stringify(expected)) as Transport[]))
    // the cases the comparison must cover
    expect(answered.some((r) => r.deliveryPicUrl && r.signPicUrl)).toBe(true)
    expect(answered.some((r) => r.updatedBy === t.users.admin.name)).toBe(true)
    expect(answered.some((r) => r.destinations.length === 2)).toBe(true)
  })

  /** the grid's packed page and the list for one caller: the same rows, each the values of the grid's fields, each named once */
  async function packedAsListed(token: string, body: Record<string, unknown>) {
    const res = await t.env.call(token, 'POST', '/api/logistics/grid', body)
    expect(res.status, res.message).toBe(200)
    const packed = res.data as PackedPage
    expect([...packed.columns].sort()).toEqual([...TRANSPORT_GRID_FIELDS].sort())
    expect(packed.rows.every((r) => r.length === TRANSPORT_GRID_FIELDS.length)).toBe(true)
    const listed = (await find(token, body)).page
    const pick = (r: Transport) => Object.fromEntries(TRANSPORT_GRID_FIELDS.map((k) => [k, r[k]]))
    const unpacked = unpackPage<TransportGridRow>(packed as PackedPage<keyof TransportGridRow>)
    expect(unpacked.totalCount).toBe(listed.totalCount)
    expect(unpacked.data.map((r) => pick(r as Transport))).toEqual(listed.data.map(pick))
    expect(JSON.parse(JSON.stringify(unpacked.data))).toEqual(listed.data.map(pick))
    return unpacked.data
  }

  test('the grid\'s packed page: the same rows as the list, each the values of the grid\'s fields, each named once', async () => {
    for (const [token, body] of [[t.tokens.hq, { size: 100_000 }], [t.tokens.admin, { deliveryManufactory: '海螺', size: 1 }], [t.tokens.other, { companyId: t.b.id }]] as const) {
      await packedAsListed(token, body)
    }
  })

  test('a packed row follows every write of its transport: quotes, fractions of a second and emptied fields included', async () => {
    const [row] = await t.env.db.insert(transports).values({
      companyId: t.b.id, userId: t.users.other.id, status: 2, deliveryCarrier: '引号"与\\斜杠承运', deliveryNetWeight: 30.25, deliveryBags: 12,
      signTime: new Date('2024-05-04T03:00:00.987Z'), createTime: new Date('2024-07-01T15:59:59.5Z'), deliveryPicId: null,
    }).returning()
    try {
      const rowOf = async () => (await packedAsListed(t.tokens.other, {})).find((r) => r.id === row!.id)!
      expect(await rowOf()).toMatchObject({ deliveryCarrier: '引号"与\\斜杠承运', createTime: '2024-07-01 23:59:59', signTimeStr: '2024-05-04 11:00:00', deliveryBags: 12 })
      await t.env.db.update(transports).set({ deliveryCarrier: '改后承运', signTime: null, deliveryBags: null, poundDiff: -1.25 }).where(eq(transports.id, row!.id))
      expect(await rowOf()).toMatchObject({ deliveryCarrier: '改后承运', signTimeStr: '', deliveryBags: null, poundDiff: -1.25 })
    } finally {
      await t.env.db.delete(transports).where(eq(transports.id, row!.id))
    }
  })

  test('the packed answer names its columns and total before its rows: its first rows can be read before the rest arrives', async () => {
    const res = await t.env.app.inject({
      method: 'POST', url: '/api/logistics/grid', headers: { authorization: `Bearer ${t.tokens.hq}` }, payload: { size: 100_000 },
    })
    const whole = res.json() as { data: PackedPage }
    expect(whole.data.rows.length).toBeGreaterThan(2)
    const reader = new PackedPageReader()
    // the answer up to the end of its first row (a row ends with its destinations' array)
    const firstRowEnds = res.payload.indexOf('],[', res.payload.indexOf('"rows":[')) + 1
    reader.push(res.payload.slice(0, firstRowEnds))
    expect(reader.head).toEqual({ ...whole, data: { columns: whole.data.columns, totalCount: whole.data.totalCount } })
    expect(reader.rows).toEqual(whole.data.rows.slice(0, 1))
    reader.push(res.payload.slice(firstRowEnds))
    expect(reader.page()).toEqual(whole)
  })

  test('the packed page refuses what the list refuses', async () => {
    for (const body of [{ size: 100_001 }, { page: 'x' }, { deliveryCarrier: 'x'.repeat(5000) }]) {
      const res = await t.env.call(t.tokens.admin, 'POST', '/api/logistics/grid', body)
      expect(res.status).toBe(400)
      expect(res.message).toMatch(/[\u4e00-\u9fa5]/)
    }
  })

  test('a page reads newest first from an index, for headquarters and for a base, without sorting the table', async () => {
    // sorting is priced out, so a plan that still sorts has no index giving the grid's order
    await t.env.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      await tx.execute(sql`set local enable_sort = off`)
      for (const [where, index] of [[undefined, 'transport_time_idx'], [eq(transports.companyId, t.a.id), 'transport_company_time_idx']] as const) {
        const page = tx.select({ id: transports.id }).from(transports).where(where).orderBy(...GRID_ORDER).limit(100)
        const plan = (await tx.execute<Record<string, string>>(sql`explain ${page}`)).rows.map((r) => Object.values(r)[0]).join('\n')
        expect(plan).toMatch(new RegExp(`Index (Only )?Scan Backward using ${index}\\b`))
        expect(plan).not.toMatch(/\bSort\b/)
      }
    })
  })
})

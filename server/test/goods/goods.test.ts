import ExcelJS from 'exceljs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { makeCompany, makeUser } from '../fixtures.js'
import { backgroundSettled } from '../../src/modules/goods/background.js'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'
import { item, png, uploadPicture, validId } from './goodsKit.js'

let env: TestEnv
let hq: string
let baseA: string
let baseB: string
let operator: string
let a: number
let b: number
let aPics: number[]
let bPic: number

beforeAll(async () => {
  env = await createTestApp()
  // the photos' OCR is not what these tests are about (photoText.test.ts reads real photos)
  env.ctx.reader.analyze = async () => ({ origin: '' }) as never
  hq = await env.token()
  a = (await makeCompany(env.db, '物品甲基地')).id
  b = (await makeCompany(env.db, '物品乙基地')).id
  const adminA = await makeUser(env.db, { phone: '13622220001', name: '甲管理员', role: 'baseAdmin', companyIds: [a] })
  const adminB = await makeUser(env.db, { phone: '13622220002', role: 'baseAdmin', companyIds: [b] })
  const op = await makeUser(env.db, { phone: '13622220003', role: 'operator', companyIds: [a] })
  baseA = await env.token(adminA.phone, adminA.password)
  baseB = await env.token(adminB.phone, adminB.password)
  operator = await env.token(op.phone, op.password)
  aPics = [await uploadPicture(env, baseA), await uploadPicture(env, baseA, await png(30)), await uploadPicture(env, baseA, await png(90))]
  bPic = await uploadPicture(env, baseB)
})
afterAll(async () => env?.close())

const save = (token: string, body: unknown) => env.call(token, 'POST', '/api/goods/save', body)
const find = (token: string, q: Record<string, unknown> = {}) => env.call(token, 'POST', '/api/goods/find/', q)
const count = async () => Number((await env.db.execute<{ n: string }>(sql`select count(*) n from goods`)).rows[0]!.n)

describe('register, read, edit, delete', () => {
  test('a base registers an item with photos; lists, details and edits show the phone and ID number masked', async () => {
    const created = await save(baseA, item(aPics[0]!, [aPics[1]!]))
    expect(created).toMatchObject({ status: 200, message: '创建成功' })
    expect(created.data).toMatchObject({
      name: '周大福足金手镯', category: '黄金', shopId: a, shopName: '物品甲基地', phone: '138****5678', idNumber: '110***********1234'.replace('1234', validId().slice(-4)),
      isInvalid: '否', doubtable: '正常', goodsPicIds: [aPics[1]], ticketPicId: aPics[0], pawnTime: '2024-05-15 10:30:00',
    })
    const id = created.data.id
    expect((await env.call(baseA, 'POST', `/api/goods/getById/${id}`)).data).toEqual(created.data)

    // the edit dialog sends what changed; the phone and ID number stay unless retyped
    const edited = await env.call(baseA, 'POST', `/api/goods/update/${id}`, { name: '周大福足金手镯（一对）', goodsPicIds: [aPics[1]!, aPics[2]!] })
    expect(edited).toMatchObject({ status: 200, message: '更新成功' })
    expect(edited.data).toMatchObject({ name: '周大福足金手镯（一对）', phone: '138****5678', goodsPicIds: [aPics[1], aPics[2]] })

    // 可疑 and 作废 are marks of the same update
    expect((await env.call(baseA, 'POST', `/api/goods/update/${id}`, { doubtable: '可疑' })).data).toMatchObject({ doubtable: '可疑', isInvalid: '否' })
    expect((await env.call(baseA, 'POST', `/api/goods/update/${id}`, { isInvalid: '是' })).data).toMatchObject({ doubtable: '可疑', isInvalid: '是' })

    expect(await env.call(baseA, 'POST', `/api/goods/delete/${id}`)).toMatchObject({ status: 200, message: '删除成功' })
    expect(await env.call(baseA, 'POST', `/api/goods/getById/${id}`)).toMatchObject({ status: 404, message: '物品不存在' })
  })

  test('headquarters registers for a base it names and sees every base; a base sees its own only', async () => {
    const forB = await save(hq, item(bPic, [bPic], { shopId: b, ticketNumber: 'HQ-FOR-B' }))
    expect(forB.data).toMatchObject({ shopId: b, shopName: '物品乙基地' })
    const mine = await save(baseA, item(aPics[0]!, [aPics[1]!], { ticketNumber: 'A-OWN-1' }))
    const all = await find(hq, { ticketNumber: '-' })
    expect(all.data.data.map((g: { ticketNumber: string }) => g.ticketNumber).sort()).toEqual(['A-OWN-1', 'HQ-FOR-B'])
    expect((await find(hq, { shopId: b, ticketNumber: '-' })).data.data.map((g: { ticketNumber: string }) => g.ticketNumber)).toEqual(['HQ-FOR-B'])
    expect((await find(baseA, { ticketNumber: '-' })).data.data.map((g: { ticketNumber: string }) => g.ticketNumber)).toEqual(['A-OWN-1'])
    await env.call(hq, 'POST', `/api/goods/delete/${forB.data.id}`)
    await env.call(baseA, 'POST', `/api/goods/delete/${mine.data.id}`)
  })

  test('the phone and ID number filters match a whole number only, since the list shows them masked', async () => {
    const mine = await save(baseA, item(aPics[0]!, [aPics[1]!], { ticketNumber: 'A-MASK-1' }))
    const numbers = (r: { data: { data: { ticketNumber: string }[] } }) => r.data.data.map((g) => g.ticketNumber)
    expect(numbers(await find(baseA, { phone: '13812345678' }))).toEqual(['A-MASK-1'])
    expect(numbers(await find(baseA, { phone: '138123' }))).toEqual([])
    expect(numbers(await find(baseA, { idNumber: validId() }))).toEqual(['A-MASK-1'])
    expect(numbers(await find(baseA, { idNumber: validId().slice(0, 10) }))).toEqual([])
    await env.call(baseA, 'POST', `/api/goods/delete/${mine.data.id}`)
  })

  test('headquarters naming a base that does not exist gets a 404, and nothing is written', async () => {
    const before = await count()
    const r = await save(hq, item(bPic, [bPic], { shopId: 999_999, ticketNumber: 'HQ-NOWHERE' }))
    expect(r.status).toBe(404)
    expect(await count()).toBe(before)
  })

  test('the list pages by 20 and filters by every field', async () => {
    for (let i = 0; i < 22; i++) await save(baseA, item(aPics[0]!, [aPics[1]!], { ticketNumber: `PAGE-${i}`, category: i % 2 ? '手机' : '黄金', pawnName: i === 3 ? '李四' : '张三' }))
    const first = await find(baseA, { ticketNumber: 'PAGE-' })
    expect(first.data.totalCount).toBe(22)
    expect(first.data.data).toHaveLength(20)
    expect((await find(baseA, { ticketNumber: 'PAGE-', page: 2 })).data.data).toHaveLength(2)
    expect((await find(baseA, { ticketNumber: 'PAGE-', category: '手机' })).data.totalCount).toBe(11)
    expect((await find(baseA, { ticketNumber: 'PAGE-', pawnName: '李四' })).data.data.map((g: { ticketNumber: string }) => g.ticketNumber)).toEqual(['PAGE-3'])
    expect((await find(baseA, { ticketNumber: 'PAGE-', doubtable: '可疑' })).data.totalCount).toBe(0)
    expect((await find(baseA, { ticketNumber: 'PAGE-', category: '飞机' })).message).toBe('物品类别只能是黄金、电瓶车、手机、手表、电脑、汽车、其他')
    await env.db.execute(sql`delete from goods where ticket_number like 'PAGE-%'`)
  })
})

describe('bad input: a Chinese 4xx naming the field, nothing written', () => {
  test('missing, wrong, huge and impossible values', async () => {
    const ok = item(aPics[0]!, [aPics[1]!])
    const { name: _n, ...noName } = ok
    const future = new Date(Date.now() + 86_400_000).toISOString()
    const badCheck = validId().slice(0, 17) + (validId().endsWith('0') ? '1' : '0')
    const cases: [unknown, number, string][] = [
      [{}, 400, '物品名称不能为空'],
      [noName, 400, '物品名称不能为空'],
      [{ ...ok, category: '' }, 400, '物品类别只能是黄金、电瓶车、手机、手表、电脑、汽车、其他'],
      [{ ...ok, ticketNumber: '  ' }, 400, '当票号不能为空'],
      [{ ...ok, pawnTime: undefined }, 400, '当票时间不能为空'],
      [{ ...ok, pawnTime: future }, 400, '当票时间不能晚于现在'],
      [{ ...ok, pawnTime: '昨天' }, 400, '当票时间格式不正确，应为 YYYY-MM-DD HH:mm:ss'],
      [{ ...ok, pawnName: undefined }, 400, '当户姓名不能为空'],
      [{ ...ok, phone: '12345' }, 400, '手机号格式不正确，请输入正确的11位手机号'],
      [{ ...ok, idNumber: undefined }, 400, '身份证号不能为空'],
      [{ ...ok, idNumber: '11010519900307123' }, 400, '身份证号格式不正确，应为18位（最后一位可以是X）'],
      [{ ...ok, idNumber: badCheck }, 400, '身份证号校验位不正确，请核对后重新输入'],
      [{ ...ok, idNumber: 12345 }, 400, '身份证号格式不正确'],
      [{ ...ok, goodsPicIds: [] }, 400, '请至少上传一张物品照片'],
      [{ ...ok, goodsPicIds: 'abc' }, 400, '物品照片格式不正确'],
      [{ ...ok, ticketPicId: undefined }, 400, '当票照片不能为空'],
      [{ ...ok, name: '金'.repeat(100_000) }, 400, '物品名称不能超过100个字符'],
      [{ ...ok, ticketNumber: 'x'.repeat(51) }, 400, '当票号不能超过50个字符'],
      [{ ...ok, goodsPicIds: [bPic] }, 404, `附件不存在（编号 ${bPic}）`],
      [{ ...ok, ticketPicId: 2_000_000_000 }, 400, '附件不存在（编号 2000000000）'],
      [{ ...ok, shopId: b }, 404, '基地不存在'],
    ]
    const before = await count()
    for (const [body, status, message] of cases) expect(await save(baseA, body), JSON.stringify(body).slice(0, 200)).toMatchObject({ status, message })
    expect(await count()).toBe(before)
  })

  test('a document is not a photo', async () => {
    const pdf = await env.upload(baseA, '/api/attachments?fileType=5', multipart({ file: { name: 'x.pdf', data: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF') } }))
    expect(pdf.status).toBe(200)
    const before = await count()
    expect(await save(baseA, item(aPics[0]!, [pdf.data.id]))).toMatchObject({ status: 400, message: `物品照片和当票照片必须是图片（附件编号 ${pdf.data.id}）` })
    // a goods photo upload takes pictures only
    const asPhoto = await env.upload(baseA, '/api/attachments?fileType=7', multipart({ file: { name: 'x.pdf', data: Buffer.from('%PDF-1.4\n%%EOF') } }))
    expect(asPhoto).toMatchObject({ status: 400, message: '请上传图片文件（JPG/PNG/WEBP/GIF/BMP/TIFF）' })
    expect(await count()).toBe(before)
  })

  test('an update with a bad field changes nothing', async () => {
    const id = (await save(baseA, item(aPics[0]!, [aPics[1]!], { ticketNumber: 'KEEP-1' }))).data.id
    expect(await env.call(baseA, 'POST', `/api/goods/update/${id}`, { name: '改了', goodsPicIds: [bPic] })).toMatchObject({ status: 404 })
    expect(await env.call(baseA, 'POST', `/api/goods/update/${id}`, { name: '改了', doubtable: '很可疑' })).toMatchObject({ status: 400, message: '是否可疑只能是可疑、正常' })
    expect((await env.call(baseA, 'POST', `/api/goods/getById/${id}`)).data.name).toBe('周大福足金手镯')
  })
})

describe('tenancy and permissions', () => {
  test('another base\'s item answers as missing on every call; a role without 物品登记 is refused', async () => {
    const theirs = (await save(baseB, item(bPic, [bPic], { ticketNumber: 'B-SECRET' }))).data.id
    for (const [url, body] of [
      [`/api/goods/getById/${theirs}`, undefined], [`/api/goods/update/${theirs}`, { doubtable: '可疑' }],
      [`/api/goods/delete/${theirs}`, undefined], [`/api/goods/reveal/${theirs}`, { field: 'phone' }],
    ] as const) expect(await env.call(baseA, 'POST', url, body), url).toMatchObject({ status: 404, message: '物品不存在' })
    expect(await find(baseA, { shopId: b })).toMatchObject({ status: 404, message: '基地不存在' })
    expect((await find(baseA, { ticketNumber: 'B-SECRET' })).data.totalCount).toBe(0)
    expect((await env.call(hq, 'POST', `/api/goods/getById/${theirs}`)).data.ticketNumber).toBe('B-SECRET')
    expect((await env.call(baseB, 'POST', `/api/goods/getById/${theirs}`)).data.doubtable).toBe('正常')

    expect(await find(operator)).toMatchObject({ status: 403 })
    expect(await save(operator, item(aPics[0]!, [aPics[1]!]))).toMatchObject({ status: 403 })
    expect(await env.call(operator, 'POST', `/api/goods/reveal/${theirs}`, { field: 'phone' })).toMatchObject({ status: 403 })
  })
})

describe('the description search', () => {
  test('finds an item by its name or ticket number with one character misread, best match first', async () => {
    const id = (await save(baseA, item(aPics[0]!, [aPics[1]!], { name: '劳力士绿水鬼手表', category: '手表', ticketNumber: 'SR20240601088' }))).data.id
    await save(baseA, item(aPics[0]!, [aPics[1]!], { name: '卡西欧电子手表', category: '手表', ticketNumber: 'SR20231111999' }))
    const ids = async (imagetext: string) => (await find(baseA, { imagetext })).data.data.map((g: { id: number }) => g.id)
    expect(await ids('劳力士绿水鬼手表')).toContain(id)
    expect(await ids('劳力土绿水鬼手表')).toContain(id) // 士 read as 土
    expect(await ids('SR2024O601088')).toContain(id) // 0 read as O
    expect((await ids('SR2024O601088'))[0]).toBe(id)
    expect(await ids('绿水鬼')).toContain(id)
    // an exact ticket number finds that item alone, not its look-alike neighbours
    expect(await ids('SR20231111999')).toHaveLength(1)
    expect(await ids('完全无关的东西')).toEqual([])
  })

  test('the text read from the photos is searched too', async () => {
    const id = (await save(baseA, item(aPics[0]!, [aPics[1]!], { name: '笔记本', category: '电脑', ticketNumber: 'PC-1' }))).data.id
    await backgroundSettled()
    await env.db.execute(sql`update goods set photo_text = 'ThinkPad X1 Carbon 序列号 PF3KQ8ZT' where id = ${id}`)
    expect((await find(baseA, { imagetext: 'PF3KQ8Z7' })).data.data.map((g: { id: number }) => g.id)).toContain(id)
  })
})

describe('personal data', () => {
  test('the export holds the filtered list with phone and ID number masked', async () => {
    await save(baseA, item(aPics[0]!, [aPics[1]!], { ticketNumber: 'EXPORT-1', phone: '13987654321', idNumber: validId('456') }))
    const res = await env.app.inject({ method: 'GET', url: `/api/goods/export/${a}?ticketNumber=EXPORT`, headers: { authorization: `Bearer ${baseA}` } })
    expect(res.statusCode).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]!
    expect(sheet.rowCount).toBe(2)
    const header = (sheet.getRow(1).values as string[]).slice(1)
    const row = (sheet.getRow(2).values as string[]).slice(1)
    expect(row[header.indexOf('当票号')]).toBe('EXPORT-1')
    expect(row[header.indexOf('手机号')]).toBe('139****4321')
    expect(row[header.indexOf('身份证号')]).toBe(`110***********${validId('456').slice(-4)}`)
    expect(JSON.stringify(sheet.getSheetValues())).not.toContain('13987654321')
    const other = await env.app.inject({ method: 'GET', url: `/api/goods/export/${b}`, headers: { authorization: `Bearer ${baseA}` } })
    expect(other.statusCode).toBe(404)
  })

  test('an admin reveals one field in full, and the reveal is logged: who, which item and field', async () => {
    const id = (await save(baseA, item(aPics[0]!, [aPics[1]!], { ticketNumber: 'REVEAL-1', idNumber: validId('789') }))).data.id
    expect(await env.call(baseA, 'POST', `/api/goods/reveal/${id}`, { field: 'idNumber' })).toMatchObject({ status: 200, data: { value: validId('789') } })
    expect(await env.call(hq, 'POST', `/api/goods/reveal/${id}`, { field: 'phone' })).toMatchObject({ status: 200, data: { value: '13812345678' } })
    expect(await env.call(baseA, 'POST', `/api/goods/reveal/${id}`, { field: 'pawnName' })).toMatchObject({ status: 400 })
    const logs = await env.call(hq, 'POST', '/api/log/find', { keyword: 'REVEAL-1' })
    const messages = logs.data.data.map((l: { errorMes: string; phone: string }) => `${l.phone} ${l.errorMes}`)
    expect(messages).toContain(`13622220001 甲管理员查看了物品 ${id}（当票号 REVEAL-1）的完整身份证号`)
    expect(messages.some((m: string) => m.endsWith(`查看了物品 ${id}（当票号 REVEAL-1）的完整手机号`))).toBe(true)
  })
})

/** Activities (活动): create, list, detail, edit and remove as the spec has them; content sanitised; tenancy and bad input. */
import { ACTIVITY_CONTENT_MAX, ActivityMsg, ATTACHMENT_TYPES, AttachmentMsg, idCheckChar } from '@app/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { attachments, companies, machines, measurements, testees } from '../../src/db/schema/index.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { png } from '../goods/goodsKit.js'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'

let env: TestEnv
let hq: string
let baseA: string
let baseB: string
let a: number
let b: number

const activity = (extra: Record<string, unknown> = {}) => ({
  title: '社区义诊', place: '人民广场', organizer: '甲基地', startTime: '2024-05-01 08:00:00', endTime: '2024-05-01 17:00:00',
  content: '<p>免费测量血压、血糖</p>', ...extra,
})

async function upload(token: string, fileType: number = ATTACHMENT_TYPES.activityPicture, data?: Buffer, name = 'a.png') {
  const res = await env.upload(token, `/api/attachments?fileType=${fileType}`, multipart({ file: { name, data: data ?? await png(120) } }))
  if (res.status !== 200) throw new Error(`upload failed: ${res.message}`)
  return res.data.id as number
}

beforeAll(async () => {
  env = await createTestApp()
  hq = await env.token()
  a = (await makeCompany(env.db, '活动甲基地')).id
  b = (await makeCompany(env.db, '活动乙基地')).id
  const adminA = await makeUser(env.db, { phone: '13644440001', role: 'baseAdmin', companyIds: [a] })
  const adminB = await makeUser(env.db, { phone: '13644440002', role: 'baseAdmin', companyIds: [b] })
  baseA = await env.token(adminA.phone, adminA.password)
  baseB = await env.token(adminB.phone, adminB.password)
})
afterAll(async () => env?.close())

const create = (token: string, body: unknown) => env.call(token, 'POST', '/api/active', body)
const list = (token: string, query = '') => env.call(token, 'GET', `/api/active/list${query}`)

describe('the spec\'s calls', () => {
  test('create, read, edit and remove answer the spec\'s messages; a removed activity is missing', async () => {
    const picture = await upload(baseA)
    const created = await create(baseA, activity({ picture }))
    expect(created).toMatchObject({ status: 200, message: '新增活动成功' })
    expect(created.data).toMatchObject({ title: '社区义诊', companyId: a, companyName: '活动甲基地', picture, startTime: '2024-05-01 08:00:00', endTime: '2024-05-01 17:00:00' })
    const id = created.data.id
    expect((await env.call(baseA, 'GET', `/api/active/${id}`)).data).toEqual(created.data)

    const edited = await env.call(baseA, 'POST', `/api/active/${id}`, activity({ title: '社区义诊（第二场）', picture: null }))
    expect(edited).toMatchObject({ status: 200, message: '编辑活动成功' })
    expect(edited.data).toMatchObject({ title: '社区义诊（第二场）', picture: null })

    expect(await env.call(baseA, 'POST', `/api/active/${id}`, { remove: true })).toMatchObject({ status: 200, message: '删除活动成功' })
    expect(await env.call(baseA, 'GET', `/api/active/${id}`)).toMatchObject({ status: 404, message: '活动不存在' })
    expect(await env.call(baseA, 'POST', `/api/active/${id}`, activity())).toMatchObject({ status: 404, message: '活动不存在' })
  })

  test('the list pages by 20 and filters by title and by the time it overlaps', async () => {
    for (let i = 0; i < 22; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0')
      expect((await create(baseA, activity({ title: `健康日${i}`, startTime: `2023-02-${day} 09:00:00`, endTime: `2023-02-${day} 12:00:00` }))).status).toBe(200)
    }
    const page = await list(baseA, '?title=健康日')
    expect(page.data.data).toHaveLength(20)
    expect(page.data.totalCount).toBe(22)
    // newest first
    expect(page.data.data[0].startTime).toBe('2023-02-22 09:00:00')
    const day3 = await list(baseA, `?timeQuery=${encodeURIComponent('2023-02-03,2023-02-03')}`)
    expect(day3.data.data.map((x: { title: string }) => x.title)).toEqual(['健康日2'])
    expect(await list(baseA, '?timeQuery=yesterday')).toMatchObject({ status: 400, message: '活动时间格式不正确' })
  })

  test('the detail with userId says whether that member was measured at the base while it ran', async () => {
    const first17 = '11010519900307123'
    const [member] = await env.db.insert(testees).values({ companyId: a, name: '参加者', sex: '男', idNo: `${first17}${idCheckChar(first17)}` }).returning()
    const [machine] = await env.db.insert(machines).values({ companyId: a, type: '血压计', deviceNo: 'ACT-1', secretHash: '0'.repeat(64) }).returning()
    await env.db.insert(measurements).values({ companyId: a, machineId: machine!.id, testeeId: member!.id, measuredTime: new Date('2024-05-01T02:00:00Z'), systolic: 118, diastolic: 76 })
    const attended = await create(baseA, activity())
    const other = await create(baseA, activity({ startTime: '2024-06-01 08:00:00', endTime: '2024-06-01 17:00:00' }))
    expect((await env.call(baseA, 'GET', `/api/active/${attended.data.id}?userId=${member!.id}`)).data.isAttend).toBe(true)
    expect((await env.call(baseA, 'GET', `/api/active/${other.data.id}?userId=${member!.id}`)).data.isAttend).toBe(false)
    expect(await env.call(baseB, 'GET', `/api/active/${attended.data.id}?userId=${member!.id}`)).toMatchObject({ status: 404, message: '活动不存在' })
  })
})

describe('content is sanitised on the server', () => {
  test('a script, an event handler and a javascript: link are dropped; the text, its formatting and a picture stay', async () => {
    const sent = '<p>报名<strong>从速</strong></p><script>alert(1)</script><img src="https://example.com/a.png" onerror="alert(2)">'
      + '<a href="javascript:alert(3)">点我</a><iframe src="https://example.com"></iframe><p style="color:red" onclick="x()">地点</p>'
    const created = await create(baseA, activity({ content: sent }))
    const kept = '<p>报名<strong>从速</strong></p><img src="https://example.com/a.png" /><a rel="noopener noreferrer">点我</a><p>地点</p>'
    const fetched = (await env.call(baseA, 'GET', `/api/active/${created.data.id}`)).data
    for (const answer of [created.data, fetched]) expect(answer.content).toBe(kept)
    // saved again as it came back, it stays as it is
    const edited = await env.call(baseA, 'POST', `/api/active/${created.data.id}`, activity({ content: fetched.content }))
    expect(edited.status).toBe(200)
    expect((await env.call(baseA, 'GET', `/api/active/${created.data.id}`)).data.content).toBe(kept)
  })

  test('content that the cleaning makes longer than the limit is refused, so whatever is stored can be sent back', async () => {
    const links = '<a href="https://example.com">链</a>'.repeat(Math.ceil(ACTIVITY_CONTENT_MAX / 37))
    expect(links.length).toBeLessThanOrEqual(ACTIVITY_CONTENT_MAX + 37)
    const sent = links.slice(0, links.lastIndexOf('<a', ACTIVITY_CONTENT_MAX))
    expect(await create(baseA, activity({ content: sent }))).toMatchObject({ status: 400, message: ActivityMsg.contentTooLongAfterCleaning })
  })
})

describe('bad input and tenancy', () => {
  test('missing fields, wrong types, huge strings and an end before the start answer 400 naming the field', async () => {
    expect(await create(baseA, {})).toMatchObject({ status: 400, message: '活动标题不能为空' })
    expect(await create(baseA, activity({ title: 'x'.repeat(10_000) }))).toMatchObject({ status: 400, message: '活动标题不能超过100个字符' })
    expect(await create(baseA, activity({ content: 'x'.repeat(20_001) }))).toMatchObject({ status: 400, message: '活动内容不能超过20000个字符' })
    expect(await create(baseA, activity({ startTime: 12 }))).toMatchObject({ status: 400, message: '开始时间格式不正确' })
    expect(await create(baseA, activity({ startTime: '2024-13-45 08:00:00' }))).toMatchObject({ status: 400, message: '开始时间不是有效的时间' })
    expect(await create(baseA, activity({ endTime: '2024-04-30 08:00:00' }))).toMatchObject({ status: 400, message: '结束时间不能早于开始时间' })
    expect(await create(baseA, activity({ picture: 'abc' }))).toMatchObject({ status: 400, message: '活动图片必须是整数' })
    expect(await env.call(baseA, 'POST', '/api/active/1', {})).toMatchObject({ status: 400, message: '活动标题不能为空' })
    expect(await env.call(baseA, 'POST', '/api/active/1', { remove: 'yes' })).toMatchObject({ status: 400, message: '删除只能是 true 或 false' })
    expect(await list(baseA, '?size=1000')).toMatchObject({ status: 400, message: '每页条数不能大于100' })
  })

  test('a document is no picture; another base\'s picture, activity and base answer as missing; headquarters sees all', async () => {
    const doc = await upload(baseA, ATTACHMENT_TYPES.general, Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.pdf')
    expect(await create(baseA, activity({ picture: doc }))).toMatchObject({ status: 400, message: '活动图片必须是图片' })
    const bPicture = await upload(baseB)
    expect(await create(baseA, activity({ picture: bPicture }))).toMatchObject({ status: 404, message: AttachmentMsg.notFoundId(bPicture) })
    expect(await create(baseA, activity({ companyId: b }))).toMatchObject({ status: 404, message: '基地不存在' })
    const bActivity = await create(baseB, activity({ title: '乙方活动', picture: bPicture }))
    expect(bActivity.status).toBe(200)
    expect(await env.call(baseA, 'GET', `/api/active/${bActivity.data.id}`)).toMatchObject({ status: 404, message: '活动不存在' })
    expect(await env.call(baseA, 'POST', `/api/active/${bActivity.data.id}`, { remove: true })).toMatchObject({ status: 404, message: '活动不存在' })
    expect(await env.call(baseA, 'POST', `/api/active/${bActivity.data.id}`, activity())).toMatchObject({ status: 404, message: '活动不存在' })
    expect((await list(baseA, '?title=乙方活动')).data.totalCount).toBe(0)
    expect(await list(baseA, `?companyId=${b}`)).toMatchObject({ status: 404, message: '基地不存在' })
    expect((await list(hq, '?title=乙方活动')).data.data.map((x: { companyId: number }) => x.companyId)).toEqual([b])
    // headquarters holds one for a base; its own upload moves to that base
    const hqPicture = await upload(hq)
    expect((await create(hq, activity({ companyId: b, picture: hqPicture }))).data).toMatchObject({ companyId: b, picture: hqPicture })
  })
})

describe('an activity\'s picture is released with it', () => {
  const storageOf = async (company: number) => (await env.db.select({ used: companies.storageUsed }).from(companies).where(eq(companies.id, company)))[0]!.used
  const rowOf = async (id: number) => (await env.db.select().from(attachments).where(eq(attachments.id, id)))[0]
  const remove = (token: string, id: number) => env.call(token, 'POST', `/api/active/${id}`, { remove: true })

  test('removing an activity deletes its picture, gives its bytes back to the base and removes the stored file', async () => {
    const before = await storageOf(a)
    const picture = await upload(baseA, ATTACHMENT_TYPES.activityPicture, await png(10, 200, 30))
    const stored = (await rowOf(picture))!
    expect(await storageOf(a)).toBe(before + stored.size)
    const created = await create(baseA, activity({ picture }))
    expect(await remove(baseA, created.data.id)).toMatchObject({ status: 200, message: '删除活动成功' })
    expect(await rowOf(picture)).toBeUndefined()
    expect(await env.ctx.files.get(stored.sha256)).toBeNull()
    expect(await storageOf(a)).toBe(before)
    expect((await env.call(baseA, 'GET', `/api/attachments/get/${picture}`)).status).toBe(404)
  })

  test('a picture another activity or the base still shows stays; one an edit replaces is released', async () => {
    const shared = await upload(baseA, ATTACHMENT_TYPES.activityPicture, await png(200, 10, 30))
    const first = await create(baseA, activity({ picture: shared }))
    const second = await create(baseA, activity({ title: '第二场', picture: shared }))
    expect((await remove(baseA, first.data.id)).status).toBe(200)
    expect(await rowOf(shared)).toBeDefined()
    // the base shows it as its picture too: removing the last activity keeps it
    await env.db.update(companies).set({ picId: shared }).where(eq(companies.id, a))
    expect((await remove(baseA, second.data.id)).status).toBe(200)
    expect(await rowOf(shared)).toBeDefined()
    await env.db.update(companies).set({ picId: null }).where(eq(companies.id, a))

    const old = await upload(baseA, ATTACHMENT_TYPES.activityPicture, await png(30, 30, 220))
    const replacement = await upload(baseA, ATTACHMENT_TYPES.activityPicture, await png(250, 250, 10))
    const edited = await create(baseA, activity({ picture: old }))
    const oldSha = (await rowOf(old))!.sha256
    expect((await env.call(baseA, 'POST', `/api/active/${edited.data.id}`, activity({ picture: replacement }))).data).toMatchObject({ picture: replacement })
    expect(await rowOf(old)).toBeUndefined()
    expect(await env.ctx.files.get(oldSha)).toBeNull()
    expect(await rowOf(replacement)).toBeDefined()
    // an edit that keeps the picture keeps it
    expect((await env.call(baseA, 'POST', `/api/active/${edited.data.id}`, activity({ title: '改名', picture: replacement }))).status).toBe(200)
    expect(await rowOf(replacement)).toBeDefined()
  })

  test('an image of another kind named as the picture (a general upload) is not deleted with the activity', async () => {
    const general = await upload(baseA, ATTACHMENT_TYPES.general, await png(90, 160, 240))
    const created = await create(baseA, activity({ picture: general }))
    expect(created.status).toBe(200)
    expect((await remove(baseA, created.data.id)).status).toBe(200)
    expect(await rowOf(general)).toBeDefined()
  })
})

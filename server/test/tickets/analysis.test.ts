import fs from 'node:fs'
import path from 'node:path'
import { AttachmentMsg, CompanyMsg, THUMBNAIL_MAX_SIDE, TicketMsg } from '@app/contract'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { attachments, companies, logEntries, transports, users } from '../../src/db/schema/index.js'
import { CORRECTED_CONFIDENCE } from '../../src/ocr/correct.js'
import { IMAGE_MESSAGES } from '../../src/ocr/image.js'
import { attachmentDeps, storeImage } from '../../src/platform/attachments.js'
import { imageQueue } from '../../src/platform/imageQueue.js'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { expectPinned, FIXTURES, loadTruth, score } from '../ocr/accuracy.js'
import { SLOW_TEST_MS } from '../timing.js'

let env: TestEnv
let companyId: number
let token: string

beforeAll(async () => {
  env = await createTestApp({ ocrWorkers: 2 })
  companyId = (await makeCompany(env.db, '识别测试基地', { remainingTimes: 1000 })).id
  const user = await makeUser(env.db, { phone: '13212340000', role: 'subAccount', companyIds: [companyId] })
  token = await env.token(user.phone, user.password)
})
afterAll(async () => env?.close())

/**
 * The uploads not yet answered. Each test's are all answered before the next test starts, also when
 * it failed or ran out of time: an upload still running would take an upload time from the base
 * and change the counts the next test reads.
 */
const unanswered = new Set<Promise<unknown>>()
afterEach(async () => {
  await Promise.allSettled([...unanswered])
}, SLOW_TEST_MS)

const upload = (file: Buffer, fileType: number | string, as = token, filename = 'ticket.jpg', legacy = '') => {
  const answer = env.upload(as, `/api/logistics/analysis?fileType=${fileType}${legacy}`, multipart({ file: { name: filename, type: 'image/jpeg', data: file } }))
  unanswered.add(answer)
  const settled = () => unanswered.delete(answer)
  answer.then(settled, settled)
  return answer
}

/** A real 1×1 PNG whose header claims another size: what a decompression bomb looks like to a decoder. */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } }).png().toBuffer())
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  let crc = 0xffffffff
  for (const byte of png.subarray(12, 29)) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  png.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 29)
  return png
}

/** A base of the test's own with a sub-account: upload times and kept pictures no other test's uploads touch. */
async function ownBase(name: string, phone: string) {
  const id = (await makeCompany(env.db, name, { remainingTimes: 100 })).id
  const user = await makeUser(env.db, { phone, role: 'subAccount', companyIds: [id] })
  return {
    id,
    token: await env.token(user.phone, user.password),
    kept: async () => (await env.db.select({ id: attachments.id }).from(attachments).where(eq(attachments.companyId, id))).length,
    remaining: async () => (await env.db.select({ r: companies.remainingTimes, u: companies.useTimes }).from(companies).where(eq(companies.id, id)))[0]!,
  }
}

describe('POST /logistics/analysis', { timeout: SLOW_TEST_MS }, () => {
  test('every fixture ticket through the endpoint: each field read right as pinned (another set: 98 %)', async ({ signal }) => {
    const dir = path.join(FIXTURES, 'tickets')
    const truth = loadTruth(dir)
    // four uploads at a time, as four staff members photographing at once would
    const answers: { t: (typeof truth)[number]; res: Awaited<ReturnType<typeof upload>> }[] = []
    for (let i = 0; i < truth.length; i += 4) {
      // out of time: start no more uploads (those running are waited for after the test)
      signal.throwIfAborted()
      answers.push(...await Promise.all(truth.slice(i, i + 4).map(async (t) => ({ t, res: await upload(fs.readFileSync(path.join(dir, t.file)), t.fileType) }))))
    }
    for (const { t, res } of answers) expect(res.status, `${t.file}: ${res.message}`).toBe(200)
    expectPinned(dir, score(truth, answers.map(({ res }) => res.data)), 0.98)
  })

  test('answers the record, raw text, picture, per-field source; uses one upload time; logs it', async () => {
    const base = await ownBase('识别计次基地', '13212340010')
    const before = await base.remaining()
    const res = await upload(fs.readFileSync(path.join(FIXTURES, 'tickets', 'A2_003.jpg')), 2, base.token)
    expect(res.message).toBe('收货单识别完成')
    const d = res.data
    expect(d.signPlateNumber).toBe('赣F5H9GV')
    expect(d.signOrigin).toContain('收货')
    expect(d.signPicUrl).toMatch(/^\/api\/attachments\/actions\/download\?id=\d+$/)
    expect(d.meta.signNetWeight.confidence).toBeGreaterThan(0.5)
    expect(d.meta.signNetWeight.box).toHaveLength(4)
    expect(d.width).toBeGreaterThan(0)
    expect(await base.remaining()).toEqual({ r: before.r - 1, u: before.u + 1 })
    expect(d.remainingTimes).toBe(before.r - 1)
    const pic = await env.app.inject({ method: 'GET', url: d.signPicUrl, headers: { authorization: `Bearer ${base.token}` } })
    expect(pic.statusCode).toBe(200)
    expect(pic.headers['content-type']).toBe('image/jpeg')
    const logs = await env.db.select().from(logEntries).where(eq(logEntries.companyId, base.id))
    expect(logs.some((l) => l.errorMes.startsWith('收货单识别完成') && l.serialNumber === d.signNumber)).toBe(true)
  })

  test('a picture that is not an image is refused in Chinese and gives the upload time back', async () => {
    const base = await ownBase('识别退次基地', '13212340011')
    const before = await base.remaining()
    const cases: [Buffer, number, string][] = [
      [Buffer.from('这不是图片，只是文字'), 400, '文件不是图片（仅支持 JPG、PNG、WebP）'],
      [Buffer.alloc(0), 400, '文件为空，请重新上传'],
      [fs.readFileSync(path.join(FIXTURES, 'tickets', 'A1_000.jpg')).subarray(0, 3000), 400, '图片无法读取，请重新拍摄上传'],
    ]
    for (const [file, status, message] of cases) {
      const res = await upload(file, 1, base.token, 'fake.jpg')
      expect(res.status).toBe(status)
      expect(res.message).toBe(message)
    }
    expect(await base.remaining()).toEqual(before)
    const warnings = await env.db.select().from(logEntries).where(and(eq(logEntries.companyId, base.id), eq(logEntries.level, 1)))
    expect(warnings.some((l) => l.errorMes.startsWith('发货单识别失败'))).toBe(true)
  })

  test('a 20000×20000 PNG is refused from its header, not decoded', async () => {
    const res = await upload(await pngClaiming(20000, 20000), 1, token, 'huge.png')
    // the pixel count is told by the header alone (prepareImage); a decode would have failed otherwise
    expect([res.status, res.message]).toEqual([413, IMAGE_MESSAGES.tooManyPixels])
  })

  test('a 45-megapixel photo (over the one 40 MP limit) is refused in Chinese, keeps nothing, gives the upload time back', async () => {
    const base = await ownBase('识别像素基地', '13212340012')
    const before = await base.remaining()
    const keptBefore = await base.kept()
    const res = await upload(await pngClaiming(7500, 6000), 1, base.token, 'forty-five.png')
    expect(res.status).toBe(413)
    expect(res.message).toBe(IMAGE_MESSAGES.tooManyPixels)
    expect(res.message).toBe(AttachmentMsg.tooManyPixels)
    expect(await base.remaining()).toEqual(before)
    expect(await base.kept()).toBe(keptBefore)
    // the picture store refuses it from the header too, before decoding
    await expect(storeImage(attachmentDeps(env.ctx), { buffer: await pngClaiming(7500, 6000), companyId: base.id, userId: null }))
      .rejects.toMatchObject({ status: 413, message: AttachmentMsg.tooManyPixels })
    expect(await base.kept()).toBe(keptBefore)
  })

  test('the photo is decoded once, in the OCR worker: a full attachment image queue does not hold it up; the kept copy is an upright JPEG (a 3600 px photo kept at half size, 1800 px), subsampled as the photo was, with a thumbnail', async () => {
    // 3600 px wide, stored sideways with EXIF orientation 6 (as phones do)
    const sideways = await sharp(fs.readFileSync(path.join(FIXTURES, 'tickets', 'A1_000.jpg'))).rotate(-90).resize({ height: 3600 })
      .withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toBuffer()
    const raw = await sharp(sideways).metadata()
    expect(raw.orientation).toBe(6)
    const upright = { width: raw.height!, height: raw.width! }
    let release!: () => void
    const gate = new Promise<void>((resolve) => { release = resolve })
    const holders = Array.from({ length: imageQueue.concurrency + imageQueue.maxWaiting }, () => imageQueue.run(() => gate))
    let res: Awaited<ReturnType<typeof upload>>
    try {
      res = await upload(sideways, 1)
    } finally {
      release()
      await Promise.all(holders)
    }
    expect(res.status, res.message).toBe(200)
    expect(res.data.deliveryNumber).toBeTruthy()
    // boxes are in the upright upload's pixels
    expect([res.data.width, res.data.height]).toEqual([upright.width, upright.height])
    const get = (url: string) => env.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    const picture = await get(res.data.deliveryPicUrl)
    expect(picture.headers['content-type']).toBe('image/jpeg')
    const stored = await sharp(picture.rawPayload).metadata()
    expect(Math.max(stored.width!, stored.height!)).toBe(1800)
    expect(stored.width! / stored.height!).toBeCloseTo(upright.width! / upright.height!, 2)
    expect(stored.orientation ?? 1).toBe(1)
    // the camera's chroma subsampling is kept (a 4:2:0 photo is not blown up to 4:4:4); a 4:4:4 scan stays 4:4:4
    expect(stored.chromaSubsampling).toBe('4:2:0')
    const scan = fs.readFileSync(path.join(FIXTURES, 'tickets', 'A1_000.jpg'))
    expect((await sharp(scan).metadata()).chromaSubsampling).toBe('4:4:4')
    const scanRes = await upload(scan, 1)
    expect((await sharp((await get(scanRes.data.deliveryPicUrl)).rawPayload).metadata()).chromaSubsampling).toBe('4:4:4')
    const [row] = await env.db.select().from(attachments).where(eq(attachments.id, res.data.deliveryPicId))
    expect([row!.width, row!.height, row!.mime, row!.size]).toEqual([stored.width, stored.height, 'image/jpeg', picture.rawPayload.length])
    const thumb = await sharp((await get(`${res.data.deliveryPicUrl}&thumb=1`)).rawPayload).metadata()
    expect(Math.max(thumb.width!, thumb.height!)).toBe(THUMBNAIL_MAX_SIDE)
  })

  test('a name the base saved before corrects a reading one character away', async () => {
    const file = fs.readFileSync(path.join(FIXTURES, 'tickets', 'A1_000.jpg'))
    const read = (await upload(file, 1)).data.deliveryManufactory as string
    expect(read.length).toBeGreaterThanOrEqual(4)
    // the base's saved name differs from the reading in one character
    const saved = `${read.slice(0, 1)}${read.slice(1, 2) === '龘' ? '齉' : '龘'}${read.slice(2)}`
    await env.db.insert(transports).values({ companyId, status: 1, deliveryManufactory: saved })
    const again = await upload(file, 1)
    expect(again.data.deliveryManufactory).toBe(saved)
    expect(again.data.meta.deliveryManufactory).toMatchObject({ raw: read, correction: 'savedName' })
    expect(again.data.meta.deliveryManufactory.confidence).toBeLessThanOrEqual(CORRECTED_CONFIDENCE)
  })

  test('over 15 MB answers 413; no file, wrong ticket type answer 400', async () => {
    const big = await upload(Buffer.alloc(16 * 1024 * 1024, 1), 1)
    expect(big.status).toBe(413)
    expect(big.message).toBe('图片不能超过15MB')
    const none = await env.app.inject({ method: 'POST', url: '/api/logistics/analysis?fileType=1', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: {} })
    expect(none.json().message).toBe('请上传票据图片')
    const wrongType = await upload(Buffer.from('x'), 3)
    expect(wrongType.message).toBe('票据类型只能是1（发货单）或2（收货单）')
  })

  test('the old clients\' companyId and userId: the session\'s own are taken, another base or user is refused before any reading', async () => {
    const base = await ownBase('旧客户端基地', '13212340020')
    const before = await base.remaining()
    const [me] = await env.db.select({ id: users.id }).from(users).where(eq(users.phone, '13212340020'))
    const other = await makeCompany(env.db, '别的识别基地')
    const ticket = fs.readFileSync(path.join(FIXTURES, 'tickets', 'A2_003.jpg'))
    const refusals: [string, number, string][] = [
      [`&companyId=${other.id}`, 404, CompanyMsg.notFound],
      [`&companyId=${base.id}&userId=${me!.id + 1000}`, 400, TicketMsg.notCurrentUser],
    ]
    for (const [legacy, status, message] of refusals) {
      const res = await upload(ticket, 2, base.token, 'ticket.jpg', legacy)
      expect([res.status, res.message], legacy).toEqual([status, message])
    }
    expect(await base.remaining()).toEqual(before)
    expect((await upload(ticket, 2, base.token, 'ticket.jpg', `&companyId=${base.id}&userId=${me!.id}`)).status).toBe(200)
  })

  test('a base with no upload times left is refused before any reading', async () => {
    const empty = await makeCompany(env.db, '无次数基地', { remainingTimes: 0 })
    const user = await makeUser(env.db, { phone: '13212340001', role: 'subAccount', companyIds: [empty.id] })
    const res = await upload(fs.readFileSync(path.join(FIXTURES, 'tickets', 'A1_000.jpg')), 1, await env.token(user.phone, user.password))
    expect(res.status).toBe(400)
    expect(res.message).toBe('上传次数已用完，请联系管理员充值')
  })

  test('a role without the upload permission is refused', async () => {
    const c = await makeCompany(env.db, '检验基地', { remainingTimes: 5 })
    const inspector = await makeUser(env.db, { phone: '13212340002', role: 'inspector', companyIds: [c.id] })
    const res = await upload(Buffer.from('x'), 1, await env.token(inspector.phone, inspector.password))
    expect(res.status).toBe(403)
  })
})

describe('rule tester', () => {
  const ticket = ['水泥发货单', '生产厂家：测试水泥有限公司', '客户名称：某某建设集团', '实发净重：35.20吨', '车号：苏A12345', '运货单位：顺达物流']
  test('shows which format matched and what a rule being edited extracts', async () => {
    const admin = await env.token()
    const plain = await env.call(admin, 'POST', '/api/rule/test', { fileType: 1, text: ticket.join('\n') })
    expect(plain.data.format.name).toBe('水泥发货单')
    expect(plain.data.fields.deliveryNetWeight).toBe(35.2)
    expect(plain.data.fields.deliveryCustomer).toBe('某某建设集团')
    const withRule = await env.call(admin, 'POST', '/api/rule/test', {
      fileType: 1, text: ticket.join('\n'),
      rule: { property: 'deliveryCarrier', receiptFormatId: 1, valueName: '运货单位', valueNameRegular: '运货单位', valueRegular: '' },
    })
    expect(withRule.data.fields.deliveryCarrier).toBe('顺达物流')
    expect(withRule.data.meta.deliveryCarrier.source).toBe('rule')
    const bad = await env.call(admin, 'POST', '/api/rule/test', { fileType: 1, text: '' })
    expect(bad.message).toBe('请粘贴票据文字')
  })
})

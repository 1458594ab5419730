import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { AttachmentMsg, IMAGE_MAX_SIDE, Msg } from '@app/contract'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { attachments } from '../../src/db/schema/index.js'
import { attachmentDeps, storeImage } from '../../src/platform/attachments.js'
import { imageQueue } from '../../src/platform/imageQueue.js'
import { diskStore, s3Store, sha256Hex, signV4 } from '../../src/platform/files.js'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let hq: string
let tokenA: string
let tokenB: string
let companyA: number
let subA: string
let operatorA: string
beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 100_000 })
  hq = await env.token()
  companyA = (await makeCompany(env.db, '附件甲')).id
  const companyB = (await makeCompany(env.db, '附件乙')).id
  const a = await makeUser(env.db, { phone: '13730000001', companyIds: [companyA] })
  const b = await makeUser(env.db, { phone: '13730000002', companyIds: [companyB] })
  tokenA = await env.token(a.phone, a.password)
  tokenB = await env.token(b.phone, b.password)
  const sub = await makeUser(env.db, { phone: '13730000003', role: 'subAccount', companyIds: [companyA] })
  const operator = await makeUser(env.db, { phone: '13730000004', role: 'operator', companyIds: [companyA] })
  subA = await env.token(sub.phone, sub.password)
  operatorA = await env.token(operator.phone, operator.password)
})
afterAll(async () => env?.close())

const upload = (token: string, data: Buffer | null, name = 'file.bin', query = 'fileType=5', fields?: Record<string, string>) =>
  env.upload(token, `/api/attachments?${query}`, multipart({ file: data ? { name, data } : undefined, fields }))
const download = (token: string, id: number, extra = '', headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url: `/api/attachments/actions/download?id=${id}${extra}`, headers: { authorization: `Bearer ${token}`, ...headers } })

const png = (w = 60, h = 40, color = '#3366ff') => sharp({ create: { width: w, height: h, channels: 4, background: color } }).png().toBuffer()
const jpegRotated = () => sharp({ create: { width: 80, height: 40, channels: 3, background: '#ff8800' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer()
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

describe('upload', () => {
  test('an image is re-encoded upright with a thumbnail; the answer carries id, url and size', async () => {
    const res = await upload(tokenA, await jpegRotated(), 'photo.JPG', 'fileType=2&name=车票')
    expect(res.code).toBe(200)
    expect(res.message).toBe(Msg.uploaded)
    // EXIF orientation 6 (rotate 90°): 80x40 is stored as 40x80 with no EXIF left
    expect(res.data).toMatchObject({ name: '车票.jpg', mime: 'image/jpeg', isImage: true, width: 40, height: 80, fileType: 2 })
    expect(res.data.url).toBe(`/api/attachments/actions/download?id=${res.data.id}`)
    const file = await download(tokenA, res.data.id)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/jpeg')
    expect(file.headers['content-disposition']).toMatch(/^inline;/)
    const meta = await sharp(file.rawPayload).metadata()
    expect([meta.width, meta.height, meta.orientation]).toEqual([40, 80, undefined])
    const thumb = await download(tokenA, res.data.id, '&thumb=1')
    expect(thumb.statusCode).toBe(200)
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('jpeg')
    // conditional GET
    const again = await download(tokenA, res.data.id, '', { 'if-none-match': file.headers.etag as string })
    expect(again.statusCode).toBe(304)
  })

  test('a transparent PNG stays PNG; the thumbnail is at most 320 px', async () => {
    const res = await upload(tokenA, await png(1000, 500), 'logo.png')
    expect(res.data).toMatchObject({ mime: 'image/png', width: 1000, height: 500 })
    const thumb = await download(tokenA, res.data.id, '&thumb=1')
    const meta = await sharp(thumb.rawPayload).metadata()
    expect([meta.width, meta.height]).toEqual([320, 160])
  })

  test('type is decided by content: text named .png is refused; a PDF is kept; pictures accept images only', async () => {
    const text = await upload(tokenA, Buffer.from('just some text, not an image'), 'fake.png')
    expect(text.status).toBe(400)
    expect(text.message).toBe(AttachmentMsg.unsupported)
    const html = await upload(tokenA, Buffer.from('<html><script>alert(1)</script></html>'), 'x.html')
    expect(html.message).toBe(AttachmentMsg.unsupported)
    const doc = await upload(tokenA, pdf(), 'contract.pdf', 'fileType=3')
    expect(doc.data).toMatchObject({ mime: 'application/pdf', isImage: false, thumbUrl: null, name: 'contract.pdf' })
    const asPicture = await upload(tokenA, pdf(), 'contract.pdf', 'fileType=1')
    expect(asPicture.status).toBe(400)
    expect(asPicture.message).toBe(AttachmentMsg.imageOnly)
    const broken = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200, 7)])
    const bad = await upload(tokenA, broken, 'broken.png')
    expect(bad.status).toBe(400)
    expect(bad.message).toBe(AttachmentMsg.badImage)
  })

  test('more than 10 MB is refused with 413; an empty request with 400', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024 + 10, 1)])
    const res = await upload(tokenA, big, 'big.png')
    expect(res.status).toBe(413)
    expect(res.message).toBe(AttachmentMsg.tooLarge)
    const none = await upload(tokenA, null, undefined, 'fileType=5', { name: 'x' })
    expect(none.status).toBe(400)
    expect(none.message).toBe(AttachmentMsg.empty)
    const json = await env.call(tokenA, 'POST', '/api/attachments?fileType=5', { a: 1 })
    expect(json.status).toBeGreaterThanOrEqual(400)
    expect(json.status).toBeLessThan(500)
    expect(json.message).toMatch(/[\u4e00-\u9fff]/)
    expect((await upload(tokenA, await png(), 'a.png', 'fileType=abc')).message).toBe('文件类型必须是整数')
  })

  test('a picture over 40 megapixels is refused with 413 before it is decoded; nothing is kept', async () => {
    const before = await env.db.select({ id: attachments.id }).from(attachments)
    // a real 41-megapixel photo (the old limit, 100 MP, let it through and decoded it)
    const big = await sharp({ create: { width: 6400, height: 6400, channels: 3, background: '#556677' } }).jpeg({ quality: 50 }).toBuffer()
    const res = await upload(tokenA, big, 'big.jpg')
    expect(res.status).toBe(413)
    expect(res.message).toBe(AttachmentMsg.tooManyPixels)
    expect(res.message).toContain('4000 万像素')
    expect(await env.db.select({ id: attachments.id }).from(attachments)).toHaveLength(before.length)
  })

  test('a big photo is stored shrunk to 4096 px on its longest side, upright', async () => {
    const photo = await sharp({ create: { width: 6000, height: 3000, channels: 3, background: '#224466' } }).jpeg().toBuffer()
    const res = await upload(tokenA, photo, 'wide.jpg')
    expect(res.code).toBe(200)
    expect([res.data.width, res.data.height]).toEqual([IMAGE_MAX_SIDE, IMAGE_MAX_SIDE / 2])
    const meta = await sharp((await download(tokenA, res.data.id)).rawPayload).metadata()
    expect([meta.width, meta.height]).toEqual([4096, 2048])
  })

  test('when the picture queue is full an image upload answers 429 in Chinese; documents still go through', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => { release = resolve })
    const holders = Array.from({ length: imageQueue.concurrency + imageQueue.maxWaiting }, () => imageQueue.run(() => gate))
    try {
      const busy = await upload(tokenA, await png(22, 22), 'busy.png')
      expect(busy.status).toBe(429)
      expect(busy.message).toBe(AttachmentMsg.busy)
      expect((await upload(tokenA, pdf(), 'still.pdf')).code).toBe(200)
    } finally {
      release()
      await Promise.all(holders)
    }
    expect((await upload(tokenA, await png(22, 22), 'later.png')).code).toBe(200)
  })

  test('fileType and name may come as form fields before the file', async () => {
    const res = await upload(tokenA, await png(), 'a.png', '', { fileType: '4', name: '基地图片' })
    expect(res.data).toMatchObject({ fileType: 4, name: '基地图片.png' })
  })
})

describe('who may see it', () => {
  test('another company gets 404 on download, info and delete; headquarters may download', async () => {
    const mine = await upload(tokenA, await png(20, 20, '#00aa00'), 'secret.png')
    const id = mine.data.id
    expect((await download(tokenB, id)).statusCode).toBe(404)
    expect((await download(tokenB, id, '&thumb=1')).statusCode).toBe(404)
    expect((await env.call(tokenB, 'GET', `/api/attachments/get/${id}`)).status).toBe(404)
    expect((await env.call(tokenB, 'POST', `/api/attachments/${id}`)).status).toBe(404)
    expect((await env.call(tokenB, 'DELETE', `/api/attachments/${id}`)).status).toBe(404)
    expect((await download(hq, id)).statusCode).toBe(200)
    expect((await env.call(tokenA, 'GET', `/api/attachments/get/${id}`)).data.name).toBe('secret.png')
    expect((await download(tokenA, 999999)).statusCode).toBe(404)
    expect((await env.app.inject({ method: 'GET', url: `/api/attachments/actions/download?id=${id}` })).statusCode).toBe(401)
  })

  test('a picture headquarters uploads for a new base becomes that base\'s, so its users can open it', async () => {
    const pic = await upload(hq, await png(30, 30, '#abcdef'), 'base.png', 'fileType=4')
    const created = await env.call(hq, 'POST', '/api/company/save', {
      name: '带图基地', contactor: '王', phone: '13730000009', domain: 'with-picture', picId: pic.data.id, password: env.encrypt('Main@1234'),
    })
    expect(created.data.picId).toBe(pic.data.id)
    const main = await env.token('13730000009', 'Main@1234')
    expect((await download(main, pic.data.id)).statusCode).toBe(200)
    // headquarters may name another base's attachment...
    const foreign = await upload(tokenB, await png(31, 31), 'b.png')
    const res = await env.call(hq, 'POST', `/api/company/update/${created.data.id}`, { name: '带图基地', contactor: '王', domain: 'with-picture', picId: pic.data.id, attachmentId: foreign.data.id })
    expect(res.code).toBe(200)
    // ...and the other base keeps it
    expect((await download(tokenB, foreign.data.id)).statusCode).toBe(200)
  })
})

describe('who may delete it', () => {
  test('its uploader, or a user holding the permission of the screen it belongs to; others get 403', async () => {
    // baseAdmin (tokenA) holds 'user' and 'transport'; the sub-account holds 'transport'; the operator neither
    const general = await upload(tokenA, await png(41, 41), 'general.png', 'fileType=5')
    const refused = await env.call(subA, 'POST', `/api/attachments/${general.data.id}`)
    expect(refused.status).toBe(403)
    expect(refused.message).toBe(AttachmentMsg.deleteForbidden)
    expect((await env.call(operatorA, 'DELETE', `/api/attachments/${general.data.id}`)).status).toBe(403)
    expect((await download(tokenA, general.data.id)).statusCode).toBe(200)

    // a ticket picture: anyone of the base with the transport screen
    const ticket = await upload(tokenA, await png(42, 42), 'ticket.png', 'fileType=2')
    expect((await env.call(operatorA, 'POST', `/api/attachments/${ticket.data.id}`)).status).toBe(403)
    expect((await env.call(subA, 'POST', `/api/attachments/${ticket.data.id}`)).code).toBe(200)

    // the uploader always; the base's user manager may clear a general file of theirs
    const ownBySub = await upload(subA, pdf(), 'mine.pdf', 'fileType=5')
    expect((await env.call(subA, 'DELETE', `/api/attachments/${ownBySub.data.id}`)).code).toBe(200)
    const otherBySub = await upload(subA, pdf(), 'left.pdf', 'fileType=5')
    expect((await env.call(tokenA, 'DELETE', `/api/attachments/${otherBySub.data.id}`)).code).toBe(200)

    // a base's picture belongs to the bases screen (headquarters' 'agent')
    const picture = await upload(tokenA, await png(43, 43), 'base.png', 'fileType=4')
    expect((await env.call(subA, 'POST', `/api/attachments/${picture.data.id}`)).status).toBe(403)
    expect((await env.call(tokenB, 'POST', `/api/attachments/${picture.data.id}`)).status).toBe(404)
    expect((await env.call(hq, 'POST', `/api/attachments/${picture.data.id}`)).code).toBe(200)
    expect((await download(tokenA, picture.data.id)).statusCode).toBe(404)
  })
})

describe('delete and storage', () => {
  test('identical bytes are stored once; the blob goes when its last row goes', async () => {
    const bytes = await png(25, 25, '#ff00ff')
    const first = await upload(tokenA, bytes, 'one.png')
    const second = await upload(tokenA, bytes, 'two.png')
    const rows = await env.db.select().from(attachments).where(eq(attachments.id, first.data.id))
    const sha = rows[0]!.sha256
    const [other] = await env.db.select().from(attachments).where(eq(attachments.id, second.data.id))
    expect(other!.sha256).toBe(sha)
    const del = await env.call(tokenA, 'POST', `/api/attachments/${first.data.id}`)
    expect(del.message).toBe(Msg.deleted)
    expect((await download(tokenA, first.data.id)).statusCode).toBe(404)
    expect(await env.ctx.files.get(sha)).not.toBeNull()
    expect((await env.call(tokenA, 'DELETE', `/api/attachments/${second.data.id}`)).code).toBe(200)
    expect(await env.ctx.files.get(sha)).toBeNull()
    expect(await env.ctx.files.get(other!.thumbSha256!)).toBeNull()
  })

  test('storeImage (for the ticket analysis) stores a picture and answers its download url', async () => {
    const stored = await storeImage(attachmentDeps(env.ctx), { buffer: await png(50, 50), companyId: companyA, userId: null, name: 'ticket.png' })
    expect(stored.url).toBe(`/api/attachments/actions/download?id=${stored.id}`)
    expect((await download(tokenA, stored.id)).statusCode).toBe(200)
    await expect(storeImage(attachmentDeps(env.ctx), { buffer: pdf(), companyId: companyA, userId: null })).rejects.toMatchObject({ status: 400, message: AttachmentMsg.imageOnly })
  })

  test('disk store: content-addressed files, written whole, removed on request', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-'))
    try {
      const store = diskStore(dir)
      const data = Buffer.from('hello')
      const sha = sha256Hex(data)
      await store.put(sha, data, 'text/plain')
      await store.put(sha, data, 'text/plain')
      expect(fs.existsSync(path.join(dir, sha.slice(0, 2), sha.slice(2, 4), sha))).toBe(true)
      expect((await store.get(sha))!.toString()).toBe('hello')
      await store.remove(sha)
      expect(await store.get(sha)).toBeNull()
      await expect(store.get('../../etc/passwd')).rejects.toThrow()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  test('S3: requests are signed with AWS Signature V4 (AWS documentation example)', () => {
    const url = new URL('https://examplebucket.s3.amazonaws.com/test.txt')
    const headers = { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9', 'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'x-amz-date': '20130524T000000Z' }
    const auth = signV4({ method: 'GET', url, headers, payloadHash: headers['x-amz-content-sha256'], region: 'us-east-1', accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', amzDate: '20130524T000000Z' })
    expect(auth).toBe('AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41')
  })

  test('S3 store: put skips existing objects, get and remove use the object url', async () => {
    const objects = new Map<string, Buffer>()
    const calls: string[] = []
    const fakeFetch = (async (input: URL, init: RequestInit) => {
      const key = input.pathname
      calls.push(`${init.method} ${key}`)
      expect((init.headers as Record<string, string>).authorization).toMatch(/^AWS4-HMAC-SHA256 /)
      if (init.method === 'PUT') { objects.set(key, Buffer.from(init.body as Uint8Array)); return new Response(null, { status: 200 }) }
      if (init.method === 'DELETE') { objects.delete(key); return new Response(null, { status: 204 }) }
      const found = objects.get(key)
      if (!found) return new Response(null, { status: 404 })
      return new Response(init.method === 'HEAD' ? null : new Uint8Array(found), { status: 200 })
    }) as unknown as typeof fetch
    const store = s3Store({ endpoint: 'http://minio:9000', region: 'us-east-1', bucket: 'b', accessKeyId: 'k', secretAccessKey: 's', prefix: 'files/', forcePathStyle: true }, fakeFetch)
    const data = Buffer.from('blob')
    const sha = sha256Hex(data)
    await store.put(sha, data, 'text/plain')
    await store.put(sha, data, 'text/plain')
    expect(calls.filter((c) => c.startsWith('PUT'))).toHaveLength(1)
    expect(calls[1]).toBe(`PUT /b/files/${sha.slice(0, 2)}/${sha.slice(2, 4)}/${sha}`)
    expect((await store.get(sha))!.toString()).toBe('blob')
    await store.remove(sha)
    expect(await store.get(sha)).toBeNull()
  })
})

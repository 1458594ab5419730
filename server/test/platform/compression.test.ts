/**
 * Issue 15, fast over a slow link: the web app's files are sent as the Brotli or gzip copy the build
 * made (hashed files cached for good, the page itself revalidated), the API's larger answers are
 * compressed on the fly, and what is compressed already (pictures, xlsx) goes out as it is.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import ExcelJS from 'exceljs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { precompress } from '../../../web/precompress.js'
import { acceptedEncoding } from '../../src/platform/webApp.js'
import { COMPRESS_MIN_BYTES } from '../../src/platform/compression.js'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'
import { insertTransports, transportRow, twoBases } from '../transportExports/setup.js'

const BROWSER = 'gzip, deflate, br, zstd'
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'compression-web-'))
const indexHtml = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>基地业务管理后台</title>
<style>${'html, body, #root { height: 100%; margin: 0; }\n'.repeat(30)}</style>
<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root">正在加载…</div></body></html>`
const script = Array.from({ length: 400 }, (_, i) => `export const label${i} = '运单列表第${i}列';`).join('\n')
const picture = crypto.randomBytes(4096)

let env: TestEnv
let s: Awaited<ReturnType<typeof twoBases>>
beforeAll(async () => {
  fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml)
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`)
  fs.mkdirSync(path.join(webDist, 'assets'))
  fs.writeFileSync(path.join(webDist, 'assets/index-Ab12Cd34.js'), script)
  fs.writeFileSync(path.join(webDist, 'assets/logo-Ef56Gh78.png'), picture)
  await precompress(webDist)
  env = await createTestApp({ webDist })
  s = await twoBases(env, '1392222')
})
afterAll(async () => {
  await env?.close()
  fs.rmSync(webDist, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) => env.app.inject({ method: 'GET', url, headers })

/** the answer's body with its content-encoding undone */
function decoded(res: { headers: Record<string, unknown>; rawPayload: Buffer }) {
  switch (res.headers['content-encoding']) {
    case 'br': return zlib.brotliDecompressSync(res.rawPayload)
    case 'gzip': return zlib.gunzipSync(res.rawPayload)
    case undefined: return res.rawPayload
    default: throw new Error(`unexpected content-encoding ${String(res.headers['content-encoding'])}`)
  }
}

describe('the build step', () => {
  test('writes Brotli and gzip copies of text files only, each smaller than its file', () => {
    for (const file of ['index.html', 'favicon.svg', 'assets/index-Ab12Cd34.js']) {
      const original = fs.readFileSync(path.join(webDist, file))
      const br = fs.readFileSync(path.join(webDist, `${file}.br`))
      const gz = fs.readFileSync(path.join(webDist, `${file}.gz`))
      expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true)
      expect(zlib.gunzipSync(gz).equals(original)).toBe(true)
      expect(br.length).toBeLessThan(original.length)
      expect(gz.length).toBeLessThan(original.length)
    }
    // pictures (png, jpg, webp) and woff2 fonts are compressed already
    expect(fs.existsSync(path.join(webDist, 'assets/logo-Ef56Gh78.png.br'))).toBe(false)
    expect(fs.existsSync(path.join(webDist, 'assets/logo-Ef56Gh78.png.gz'))).toBe(false)
  })
})

describe('the web app\'s files', () => {
  const asset = '/assets/index-Ab12Cd34.js'

  test('a hashed file: the Brotli copy when accepted, gzip otherwise, as it is when neither; cached for good', async () => {
    const br = await get(asset, { 'accept-encoding': BROWSER })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length)
    expect(br.rawPayload.length).toBeLessThan(script.length / 4)
    expect(decoded(br).toString()).toBe(script)

    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'deflate, gzip;q=0.5']) {
      const gz = await get(asset, { 'accept-encoding': accept })
      expect([accept, gz.headers['content-encoding']]).toEqual([accept, 'gzip'])
      expect(decoded(gz).toString()).toBe(script)
    }
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Record<string, string>[]) {
      const plain = await get(asset, headers)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body).toBe(script)
      expect(plain.headers['cache-control']).toContain('immutable')
    }
  })

  test('a picture goes out as it is, whatever the browser accepts', async () => {
    const res = await get('/assets/logo-Ef56Gh78.png', { 'accept-encoding': BROWSER })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.rawPayload.equals(picture)).toBe(true)
  })

  test('the page (every app route and /index.html) is revalidated on every load, compressed too; other unhashed files kept a day', async () => {
    for (const url of ['/', '/login', '/by_agent/index?x=1', '/index.html']) {
      const res = await get(url, { 'accept-encoding': BROWSER })
      expect([url, res.statusCode]).toEqual([url, 200])
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers['content-encoding']).toBe('br')
      expect(decoded(res).toString()).toBe(indexHtml)
      const gz = await get(url, { 'accept-encoding': 'gzip' })
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(decoded(gz).toString()).toBe(indexHtml)
      const plain = await get(url)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body).toBe(indexHtml)
    }
    const favicon = await get('/favicon.svg', { 'accept-encoding': BROWSER })
    expect(favicon.headers['cache-control']).toBe('public, max-age=86400')
    expect(favicon.headers['content-encoding']).toBe('br')
  })

  test('a reload with the page in the cache costs a 304 without a body', async () => {
    const first = await get('/login', { 'accept-encoding': BROWSER })
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^W\/"/)
    const again = await get('/login', { 'accept-encoding': BROWSER, 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    expect(again.headers['cache-control']).toBe('no-cache')
    const changed = await get('/login', { 'if-none-match': 'W/"another"' })
    expect(changed.statusCode).toBe(200)
    expect(changed.body).toBe(indexHtml)
  })

  test('the copies are not URLs of their own; unknown API paths still answer the envelope', async () => {
    const copy = await get(`${asset}.br`)
    // an app route as far as the server knows: the page
    expect(copy.headers['content-type']).toContain('text/html')
    const api = await get('/api/nothing/here', { 'accept-encoding': BROWSER })
    expect(api.statusCode).toBe(404)
    expect(JSON.parse(decoded(api).toString())).toMatchObject({ code: 404 })
  })
})

describe('the API\'s answers', () => {
  test('a large JSON list: Brotli when accepted, gzip otherwise, plain when neither; the same envelope decoded', async () => {
    await insertTransports(env, Array.from({ length: 300 }, (_, i) => transportRow(s.a.id, { deliveryNumber: `D${String(i).padStart(5, '0')}`, deliveryPlateNumber: `皖A${String(10000 + i)}` })))
    const find = (accept?: string) => env.app.inject({
      method: 'POST', url: '/api/logistics/find', payload: { page: 1, size: 1000 },
      headers: { authorization: `Bearer ${s.tokenA}`, ...(accept ? { 'accept-encoding': accept } : {}) },
    })
    const plain = await find()
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json().data.data).toHaveLength(300)

    const br = await find(BROWSER)
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toContain('application/json')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(JSON.parse(decoded(br).toString())).toEqual(plain.json())
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 8)

    const gz = await find('gzip, deflate')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(decoded(gz).toString())).toEqual(plain.json())
    // deflate alone is not offered
    expect((await find('deflate')).headers['content-encoding']).toBeUndefined()
  })

  test('a small answer is not compressed; errors keep their envelope and Chinese message', async () => {
    const key = await get('/api/users/publicKey', { 'accept-encoding': BROWSER })
    expect(key.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES)
    expect(key.headers['content-encoding']).toBeUndefined()
    expect(key.json().code).toBe(200)

    const refused = await env.app.inject({ method: 'POST', url: '/api/logistics/find', payload: { page: 'x'.repeat(5000) }, headers: { authorization: `Bearer ${s.tokenA}`, 'accept-encoding': BROWSER } })
    expect(refused.statusCode).toBe(400)
    const body = JSON.parse(decoded(refused).toString())
    expect(body.code).toBe(400)
    expect(body.message).toMatch(/[\u4e00-\u9fa5]/)
    const anonymous = await env.app.inject({ method: 'POST', url: '/api/logistics/find', payload: {}, headers: { 'accept-encoding': BROWSER } })
    expect(anonymous.statusCode).toBe(401)
    expect(JSON.parse(decoded(anonymous).toString()).code).toBe(50008)
  })

  test('a compressed request body is refused with a clear 400, not inflated', async () => {
    const res = await env.app.inject({
      method: 'POST', url: '/api/logistics/find', payload: zlib.gzipSync(JSON.stringify({ page: 1 })),
      headers: { authorization: `Bearer ${s.tokenA}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/)
  })

  test('pictures (the photo and its thumbnail) go out as they are', async () => {
    // noise: a photo JPEG does not shrink further, and must not be re-encoded on the way
    const raw = crypto.randomBytes(200 * 150 * 3)
    const photo = await sharp(raw, { raw: { width: 200, height: 150, channels: 3 } }).jpeg({ quality: 90 }).toBuffer()
    const up = await env.upload(s.tokenA, '/api/attachments?fileType=2', multipart({ file: { name: 'ticket.jpg', data: photo } }))
    expect(up.code).toBe(200)
    for (const extra of ['', '&thumb=1']) {
      const res = await env.app.inject({ method: 'GET', url: `/api/attachments/actions/download?id=${up.data.id}${extra}`, headers: { authorization: `Bearer ${s.tokenA}`, 'accept-encoding': BROWSER } })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/jpeg')
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES)
      expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg')
    }
  })

  test('the streamed xlsx data export is a valid workbook and is not compressed again (a zip already)', async () => {
    const res = await env.app.inject({
      method: 'POST', url: '/api/logistics/export', payload: { exportColumns: ['deliveryNumber', 'deliveryPlateNumber', 'deliveryNetWeight'] },
      headers: { authorization: `Bearer ${s.tokenA}`, 'accept-encoding': BROWSER },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(decoded(res) as never)
    const ws = book.worksheets[0]!
    expect(ws.rowCount).toBe(301)
    expect(ws.getRow(1).values).toEqual([undefined, '发货单号', '车牌号', '发货净重(吨)'])
  })

  test('a streamed CSV export is compressed as it streams and decodes to the same file', async () => {
    const url = '/api/company/export/1'
    const hq = s.hq
    const plain = await env.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${hq}` } })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-type']).toContain('text/csv')
    const br = await env.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${hq}`, 'accept-encoding': BROWSER } })
    expect(br.headers['content-encoding']).toBe('br')
    // streamed: no length known in advance
    expect(br.headers['content-length']).toBeUndefined()
    expect(br.headers['content-disposition']).toBe(plain.headers['content-disposition'])
    expect(decoded(br).equals(plain.rawPayload)).toBe(true)
    expect(plain.body).toContain('甲基地')
  })
})

test('Accept-Encoding is read as browsers and proxies write it', () => {
  expect(acceptedEncoding(undefined)).toBeNull()
  expect(acceptedEncoding('')).toBeNull()
  expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br')
  expect(acceptedEncoding('GZIP')).toBe('gzip')
  expect(acceptedEncoding('br;q=0, gzip;q=0.8')).toBe('gzip')
  expect(acceptedEncoding('*')).toBe('br')
  expect(acceptedEncoding('*;q=0, gzip')).toBe('gzip')
  expect(acceptedEncoding('identity')).toBeNull()
  expect(acceptedEncoding('br, gzip', ['gzip'])).toBe('gzip')
  expect(acceptedEncoding('br;q=abc')).toBeNull()
})

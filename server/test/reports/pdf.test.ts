/**
 * The printable report and its public verification: a PDF with the Chinese font embedded and a QR
 * code, a 草稿 mark until signed; the public page answers result and validity by token only.
 */
import zlib from 'node:zlib'
import { chinaToday, Msg, ReportMsg, type TemplateStep } from '@app/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { reportDiagrams, reports } from '../../src/db/schema/index.js'
import sharp from 'sharp'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'
import { healthBoundMs, healthWhile, pngWithBrokenData } from '../responsiveness.js'
import { inspectionCast } from './inspectionCast.js'
import { VERIFY_PER_MINUTE } from '../../src/modules/reports/routes.js'
import { startFileJobs } from '../../src/files/jobs.js'

let env: TestEnv
let admin: string
let inspector: string
let operator: string
let other: string
let inspectorId: number
let templateId: number

beforeAll(async () => {
  env = await createTestApp()
  const hq = await env.token()
  const cast = await inspectionCast(env, { bases: ['打印基地', '别的基地'], phonePrefix: '1365555', inspectorName: '周检验' })
  ;({ inspectorId, admin, inspector, operator, other } = cast)
  const options = (await env.call(hq, 'GET', '/api/model/options')).data as { id: number; name: string }[]
  templateId = options.find((o) => o.name === '常压车辆')!.id
})
afterAll(async () => env?.close())

/** A report of the seeded 常压车辆 template with every item entered. */
async function inspected() {
  const id = (await env.call(admin, 'POST', '/api/report/saveFirst', {
    licenseNumber: '苏E88888', tankerType: '常压车辆', org: '苏州危化运输有限公司', contactName: '孙师傅', phone: '13988888888',
    latestMaterial: '甲醇', outdate: '2027-06-30', tankerNumber: 'GT-2019-0345',
  })).data.id as number
  expect((await env.call(admin, 'POST', `/api/report/start/${id}`, { inspectorId, templateId })).status).toBe(200)
  const steps = (await env.call(admin, 'POST', `/api/report/getDetail/${id}`)).data.steps as TemplateStep[]
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366ff' } }).jpeg().toBuffer()
  const uploaded = await env.upload(inspector, '/api/attachments?fileType=6', multipart({ file: { name: '铭牌.jpg', type: 'image/jpeg', data: photo } }))
  expect(uploaded.status, uploaded.message).toBe(200)
  for (const item of steps.flatMap((s) => s.items)) {
    const value = item.kind === 'pass_fail' ? true : item.kind === 'number' ? (item.min ?? 0) : item.kind === 'choice' ? item.options[0]!
      : item.kind === 'text' ? '正常' : [uploaded.data.id as number]
    if (value !== null) expect((await env.call(inspector, 'POST', `/api/report/record/${id}`, { itemKey: item.key, value })).status).toBe(200)
  }
  expect((await env.call(inspector, 'POST', `/api/report/changeStatus/${id}/4`, {})).status).toBe(200)
  return id
}
const pdf = (token: string, id: number) => env.app.inject({ method: 'GET', url: `/api/report/pdf/${id}`, headers: { authorization: `Bearer ${token}` } })
const tokenOf = async (id: number) => (await env.db.select({ t: reports.verifyToken }).from(reports).where(eq(reports.id, id)))[0]!.t

test('the PDF embeds a subset of the Chinese font, names the report and is refused to another base', async () => {
  const id = await inspected()
  const res = await pdf(admin, id)
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('application/pdf')
  expect(res.headers['content-disposition']).toContain(encodeURIComponent('检验报告-JC'))
  const body = res.rawPayload
  expect(body.subarray(0, 5).toString()).toBe('%PDF-')
  const text = body.toString('latin1')
  expect(text).toMatch(/\/FontFile2/)
  expect(text).toMatch(/NotoSansSC/)
  expect(body.length).toBeLessThan(600_000)
  expect((text.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(2)
  if (process.env.REPORT_PDF_OUT) (await import('node:fs')).writeFileSync(process.env.REPORT_PDF_OUT, body)
  const refused = await pdf(other, id)
  expect(refused.statusCode).toBe(404)
  expect(refused.json().message).toBe(ReportMsg.notFound)
})

test('the verification page shows result and validity by token only, and nothing before sign-off', async () => {
  const id = await inspected()
  const token = await tokenOf(id)
  expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
  const before = await env.call(null, 'GET', `/api/public/report/${token}`)
  expect(before.status).toBe(200)
  expect(before.data).toMatchObject({ statusName: '检验完成', result: null, valid: false, nextInspectionDate: null })
  await env.call(admin, 'POST', `/api/report/changeStatus/${id}/5`, {})
  expect((await env.call(operator, 'POST', `/api/report/changeStatus/${id}/6`, {})).status).toBe(200)
  const after = await env.call(null, 'GET', `/api/public/report/${token}`)
  expect(after.data).toMatchObject({ licenseNumber: '苏E88888', result: '合格', valid: true, statusName: '已签发' })
  expect(after.data.nextInspectionDate > chinaToday()).toBe(true)
  expect(JSON.stringify(after.data)).not.toMatch(/13988888888|孙师傅|苏州危化/)
  // the token with its last character changed (to a different one: a token may end in A)
  const changed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
  for (const wrong of [String(id), 'x'.repeat(32), changed]) {
    const res = await env.call(null, 'GET', `/api/public/report/${encodeURIComponent(wrong)}`)
    expect(res.status).toBe(404)
    expect(res.message).toBe(ReportMsg.verifyNotFound)
  }
  expect((await env.call(null, 'GET', `/api/public/report/${'x'.repeat(65)}`)).status).toBe(400)
})

test('the signed PDF has no 草稿 mark; the draft does', async () => {
  const id = await inspected()
  const draft = (await pdf(admin, id)).rawPayload.length
  await env.call(admin, 'POST', `/api/report/changeStatus/${id}/5`, {})
  await env.call(operator, 'POST', `/api/report/changeStatus/${id}/6`, {})
  const signed = (await pdf(admin, id)).rawPayload.length
  // the mark's glyphs (草稿 未签发) are in the draft's font subset only
  expect(draft).toBeGreaterThan(signed)
})

test('a stranger trying verification tokens is slowed down with a clear message', async () => {
  const tries = await Promise.all(Array.from({ length: VERIFY_PER_MINUTE + 5 }, (_, i) => env.call(null, 'GET', `/api/public/report/${'t'.repeat(31)}${i % 10}`)))
  const refused = tries.filter((t) => t.status === 429)
  expect(refused.length).toBeGreaterThanOrEqual(5)
  expect(refused[0]!.message).toBe(Msg.tooMany)
  expect(tries.every((t) => t.status === 404 || t.status === 429)).toBe(true)
})

// ---------------------------------------------------------------- pictures the PDF cannot print as they are

/** A diagram picture stored as it is, past any check at save (as pictures saved before those checks are). */
async function storePicture(id: number, png: Buffer) {
  await env.db.insert(reportDiagrams).values({ reportId: id, canvas: '{"objects":[]}', png: `data:image/png;base64,${png.toString('base64')}` })
}
/** The characters of the PDF's embedded font subset (its ToUnicode maps): what the PDF's text is made of. */
function pdfCharacters(body: Buffer): Set<string> {
  const chars = new Set<string>()
  for (const [, stream] of body.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let text: string
    try { text = zlib.inflateSync(Buffer.from(stream!, 'latin1')).toString('latin1') } catch { continue }
    for (const [, range] of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, hex] of range!.matchAll(/<[0-9a-f]{4}> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
        for (const [, code] of hex!.matchAll(/<([0-9a-f]{4})>/gi)) chars.add(String.fromCharCode(parseInt(code!, 16)))
      }
    }
  }
  return chars
}
const images = (body: Buffer) => (body.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length
const health = async () => (await env.call(null, 'GET', '/api/health')).status

describe('a stored diagram picture the PDF cannot print as it is', () => {
  test('a PNG whose data is not zlib: the PDF says the picture cannot be read, the server keeps answering, the next PDF prints', async () => {
    const id = await inspected()
    await storePicture(id, pngWithBrokenData())
    const plain = (await pdf(admin, await inspected())).rawPayload
    for (let i = 0; i < 2; i++) {
      const res = await pdf(admin, id)
      expect(res.statusCode).toBe(200)
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
      // the QR code's images only, and the note in the picture's place
      expect(images(res.rawPayload)).toBe(images(plain))
      for (const c of '示意图图片无法读取') expect(pdfCharacters(res.rawPayload).has(c), c).toBe(true)
      expect(await health()).toBe(200)
    }
    const next = await pdf(admin, await inspected())
    expect(next.statusCode).toBe(200)
    expect(pdfCharacters(next.rawPayload).has('读')).toBe(false)
  })

  test('large pictures do not hold the server: over the pixel limit the PDF says so, under it the picture prints smaller', async () => {
    const picture = (side: number) => sharp({ create: { width: side, height: side, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
      .composite([{ input: Buffer.from(`<svg width="${side}" height="${side}"><circle cx="${side / 2}" cy="${side / 2}" r="${side / 3}" stroke="red" fill="none" stroke-width="40"/></svg>`) }])
      .png().toBuffer()
    const plain = images((await pdf(admin, await inspected())).rawPayload)
    // 64 and 36 million pixels (IMAGE_MAX_PIXELS is 40 million)
    for (const [side, printed] of [[8000, false], [6000, true]] as const) {
      const id = await inspected()
      await storePicture(id, await picture(side))
      const { value: res, healthMs } = await healthWhile(env.app, pdf(admin, id))
      // the main thread held the event loop 15 s for 8000 px; a loaded machine needs a generous bound, not a tight one
      expect(healthMs, `${side} px`).toBeLessThan(healthBoundMs())
      expect(res.statusCode).toBe(200)
      expect(images(res.rawPayload) > plain).toBe(printed)
      expect(pdfCharacters(res.rawPayload).has('读')).toBe(!printed)
      expect(res.rawPayload.length).toBeLessThan(2_000_000)
    }
  })
})

test('a PDF its worker does not finish in time answers 422 with the PDF message, and the next PDF is served', async () => {
  const id = await inspected()
  const pool = env.ctx.fileJobs
  const failures: string[] = []
  env.ctx.fileJobs = startFileJobs((kind, reason) => failures.push(`${kind}: ${reason}`), { size: 1, timeoutMs: 1 })
  try {
    await env.ctx.fileJobs.start()
    const res = await pdf(admin, id)
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(ReportMsg.pdfFailed)
    expect(failures).toEqual(['reportPdf: timed out after 1 ms'])
  } finally {
    await env.ctx.fileJobs.close()
    env.ctx.fileJobs = pool
  }
  expect((await pdf(admin, id)).statusCode).toBe(200)
})

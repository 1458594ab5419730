/**
 * Tank diagrams (`/report/saveFabric`, `/report/loadFabric`): what is saved loads back exactly, only the
 * report's own base sees or draws it, only while it is 正在检验, never over 5 MB, and of two saves from
 * the same version exactly one lands, the other told who saved when (on PostgreSQL really at once).
 */
import zlib from 'node:zlib'
import {
  DIAGRAM_MAX_BYTES, DIAGRAM_MAX_DEPTH, DIAGRAM_MAX_VALUES, DIAGRAM_PICTURE_MAX_SIDE, DiagramMsg, ReportMsg, type ReportStatus,
} from '@app/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { reportDiagrams, reports } from '../../src/db/schema/index.js'
import sharp from 'sharp'
import { createTestApp, type TestEnv } from '../helpers.js'
import { pngChunk, pngWithBrokenData } from '../responsiveness.js'
import { makeCompany, makeUser } from '../fixtures.js'

let env: TestEnv
let companyId: number
let inspector: string
let colleague: string
let otherBase: string
let receptionist: string
let hq: string
let seq = 0

/** A report row of `companyId` in `status` (the registration and its moves are the reports module's tests). */
async function makeReport(status: ReportStatus, company = companyId) {
  const i = ++seq
  const [row] = await env.db.insert(reports).values({
    companyId: company, reportNumber: `JCDIAG${i}`, licenseNumber: `苏D${String(i).padStart(5, '0')}`, tankerType: '常压车辆', org: '运输公司',
    contactName: '司机', phone: '13800000000', latestMaterial: '柴油', outdate: '2030-01-01', status, verifyToken: `diagram-token-${i}`,
  }).returning()
  return row!.id
}

const load = (token: string, id: number | string) => env.call(token, 'POST', `/api/report/loadFabric/${id}`)
const save = (token: string, id: number | string, body: unknown) => env.call(token, 'POST', `/api/report/saveFabric/${id}`, body)

/** A canvas as fabric.js writes it, with the things that must survive: Chinese text, fractions, nesting, paths. */
const canvas = (label = 'A1-1') => ({
  version: '7.4.0',
  background: '#ffffff',
  objects: [
    { type: 'Ellipse', left: 120.5, top: 80.25, rx: 20, ry: 20, stroke: '#000000', strokeWidth: 2, fill: 'transparent', strokeDashArray: [5, 5], data: { palette: 'manhole' } },
    { type: 'Textbox', left: 300, top: 40, text: `${label} 人孔 “焊缝”\n第二行`, fontSize: 16, styles: [] },
    { type: 'Path', path: [['M', 0, 0], ['Q', 1.5, 2.25, 3, 4], ['L', 10, 10]], strokeWidth: 1, stroke: 'red' },
    { type: 'Group', objects: [{ type: 'Line', x1: 0, y1: 0, x2: 0, y2: 300, strokeWidth: 5 }], left: 10, top: 10 },
  ],
})

beforeAll(async () => {
  env = await createTestApp()
  companyId = (await makeCompany(env.db, '示意图基地')).id
  const other = (await makeCompany(env.db, '示意图外基地')).id
  const users = await Promise.all([
    makeUser(env.db, { phone: '13611110001', name: '王检验', role: 'inspector', companyIds: [companyId] }),
    makeUser(env.db, { phone: '13611110002', name: '李检验', role: 'inspector', companyIds: [companyId] }),
    makeUser(env.db, { phone: '13611110003', name: '外基地', role: 'inspector', companyIds: [other] }),
    makeUser(env.db, { phone: '13611110004', name: '接待员', role: 'reception', companyIds: [companyId] }),
  ]);
  [inspector, colleague, otherBase, receptionist] = await Promise.all(users.map((u) => env.token(u.phone, u.password)))
  hq = await env.token()
})
afterAll(async () => env?.close())

describe('load and save', () => {
  test('a report never drawn loads a blank canvas at version 0', async () => {
    const id = await makeReport(1)
    const res = await load(inspector, id)
    expect(res.status).toBe(200)
    expect(res.data).toEqual({
      canvas: null, version: 0, updateUserName: '', updateTimeStr: '', editable: true,
      report: { reportNumber: `JCDIAG${seq}`, licenseNumber: `苏D${String(seq).padStart(5, '0')}`, status: 1, statusName: '正在检验' },
    })
  })

  test('what is saved loads back exactly, as an object or as JSON text, each save raising the version', async () => {
    const id = await makeReport(1)
    const first = await save(inspector, id, { canvas: canvas(), version: 0 })
    expect(first.status).toBe(200)
    expect(first.message).toBe(DiagramMsg.saved)
    expect(first.data).toMatchObject({ version: 1, updateUserName: '王检验' })
    expect(first.data.updateTimeStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const loaded = await load(colleague, id)
    expect(loaded.data).toMatchObject({ canvas: canvas(), version: 1, updateUserName: '王检验', updateTimeStr: first.data.updateTimeStr, editable: true })
    expect(loaded.data.canvas).toEqual(canvas())

    const text = JSON.stringify(canvas('B3-2'))
    const second = await save(colleague, id, { canvas: text, version: 1 })
    expect(second.data).toMatchObject({ version: 2, updateUserName: '李检验' })
    const again = await load(inspector, id)
    expect(again.data.canvas).toEqual(JSON.parse(text))
    expect(JSON.stringify(again.data.canvas)).toBe(text)
    expect(again.data.version).toBe(2)
  })

  test('a diagram is read (not editable) in any other status, headquarters sees every base', async () => {
    const id = await makeReport(1)
    await save(inspector, id, { canvas: canvas(), version: 0 })
    await env.db.update(reports).set({ status: 6 }).where(eq(reports.id, id))
    const signed = await load(inspector, id)
    expect(signed.data).toMatchObject({ canvas: canvas(), editable: false, report: { status: 6, statusName: '已签发' } })
    expect((await load(hq, id)).data.canvas).toEqual(canvas())
  })
})

describe('refusals', () => {
  test('another base’s report answers as missing to both calls and keeps its diagram', async () => {
    const id = await makeReport(1)
    await save(inspector, id, { canvas: canvas(), version: 0 })
    for (const res of [await load(otherBase, id), await save(otherBase, id, { canvas: { objects: [] }, version: 1 })]) {
      expect(res.status).toBe(404)
      expect(res.message).toBe(ReportMsg.notFound)
    }
    expect((await load(inspector, id)).data).toMatchObject({ canvas: canvas(), version: 1 })
    const missing = await load(inspector, 2_000_000)
    expect([missing.status, missing.message]).toEqual([404, ReportMsg.notFound])
  })

  test('a user without the inspection permission is refused', async () => {
    const id = await makeReport(1)
    expect((await load(receptionist, id)).status).toBe(403)
    expect((await save(receptionist, id, { canvas: canvas(), version: 0 })).status).toBe(403)
  })

  test('saving only while 正在检验: the answer names the status, nothing is written', async () => {
    for (const [status, label] of [[0, '已登记'], [2, '暂停检验'], [4, '检验完成'], [6, '已签发']] as const) {
      const id = await makeReport(status)
      const res = await save(inspector, id, { canvas: canvas(), version: 0 })
      expect([res.status, res.message]).toEqual([409, ReportMsg.onlyWhileInspecting('保存示意图', label)])
      expect(await env.db.select().from(reportDiagrams).where(eq(reportDiagrams.reportId, id))).toEqual([])
    }
  })

  test('a canvas over 5 MB is refused with its message, as an object, as text, and a body past the limit', async () => {
    const id = await makeReport(1)
    await save(inspector, id, { canvas: canvas(), version: 0 })
    const image = (bytes: number) => ({ objects: [{ type: 'Image', src: `data:image/png;base64,${'A'.repeat(bytes)}` }] })
    // just over: 5 MB of image data plus the object around it; Chinese counts 3 bytes a character
    const tooBig = [
      { canvas: image(DIAGRAM_MAX_BYTES), version: 1 },
      { canvas: JSON.stringify(image(DIAGRAM_MAX_BYTES)), version: 1 },
      { canvas: { objects: [{ type: 'Textbox', text: '焊'.repeat(Math.ceil(DIAGRAM_MAX_BYTES / 3)) }] }, version: 1 },
      // quotes are escaped in the body: a text canvas past twice the limit is refused before parsing
      { canvas: JSON.stringify({ objects: ['"'.repeat(DIAGRAM_MAX_BYTES + 100)] }), version: 1 },
    ]
    for (const body of tooBig) {
      const res = await save(inspector, id, body)
      expect([res.status, res.message]).toEqual([413, DiagramMsg.tooLarge])
    }
    // (a placed picture must be one: see the pictures placed in the drawing below)
    const text = (bytes: number) => ({ objects: [{ type: 'Textbox', text: 'A'.repeat(bytes) }] })
    const fits = await save(inspector, id, { canvas: text(DIAGRAM_MAX_BYTES - 200), version: 1 })
    expect(fits.data.version).toBe(2)
    expect((await load(inspector, id)).data.canvas).toEqual(text(DIAGRAM_MAX_BYTES - 200))
  })

  test('wrong types are refused in Chinese and change nothing', async () => {
    const id = await makeReport(1)
    await save(inspector, id, { canvas: canvas(), version: 0 })
    const cases: [unknown, string][] = [
      [{ canvas: 12, version: 1 }, DiagramMsg.invalid],
      [{ canvas: [], version: 1 }, DiagramMsg.invalid],
      [{ canvas: 'not json', version: 1 }, DiagramMsg.invalid],
      [{ canvas: '[1,2]', version: 1 }, DiagramMsg.invalid],
      [{ canvas: { type: 'Rect' }, version: 1 }, DiagramMsg.invalid],
      [{ canvas: { objects: 'none' }, version: 1 }, DiagramMsg.invalid],
      [{ version: 1 }, '示意图不能为空'],
      [{ canvas: canvas() }, '示意图版本不能为空'],
      [{ canvas: canvas(), version: '1' }, '示意图版本必须是整数'],
      [{ canvas: canvas(), version: 1.5 }, '示意图版本必须是整数'],
      [{ canvas: canvas(), version: -1 }, '示意图版本不能小于0'],
    ]
    for (const [body, message] of cases) {
      const res = await save(inspector, id, body)
      expect([res.status, res.message], JSON.stringify(body)).toEqual([400, message])
    }
    const badId = await save(inspector, 'abc', { canvas: canvas(), version: 0 })
    expect(badId.status).toBe(400)
    expect((await load(inspector, id)).data).toMatchObject({ canvas: canvas(), version: 1 })
  })
})

describe('concurrent edits', () => {
  test('a save from a stale version gets 409 naming who saved when, and keeps the newer diagram', async () => {
    const id = await makeReport(1)
    await save(inspector, id, { canvas: canvas('first'), version: 0 })
    const newer = await save(colleague, id, { canvas: canvas('newer'), version: 1 })
    const stale = await save(inspector, id, { canvas: canvas('stale'), version: 1 })
    expect(stale.status).toBe(409)
    expect(stale.message).toBe(`示意图已被 李检验 于 ${newer.data.updateTimeStr} 保存，请刷新后再编辑`)
    expect(stale.data).toEqual({ version: 2, updateUserName: '李检验', updateTimeStr: newer.data.updateTimeStr })
    expect((await load(inspector, id)).data).toMatchObject({ canvas: canvas('newer'), version: 2 })
    // a first save when someone already saved, and a version never reached
    const first = await save(inspector, id, { canvas: canvas('again'), version: 0 })
    expect([first.status, first.message]).toEqual([409, stale.message])
    const ahead = await save(inspector, id, { canvas: canvas('ahead'), version: 7 })
    expect(ahead.status).toBe(409)
    const never = await save(inspector, await makeReport(1), { canvas: canvas(), version: 3 })
    expect([never.status, never.message]).toEqual([409, DiagramMsg.staleUnknown])
  })

  test('of parallel saves from the same version exactly one lands, first save and later ones alike', async () => {
    const id = await makeReport(1)
    for (const version of [0, 1]) {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) =>
        save(i % 2 ? colleague : inspector, id, { canvas: canvas(`v${version}-${i}`), version })))
      const won = answers.filter((a) => a.status === 200)
      expect(won).toHaveLength(1)
      expect(answers.filter((a) => a.status === 409)).toHaveLength(7)
      expect(won[0]!.data.version).toBe(version + 1)
      const winner = answers.indexOf(won[0]!)
      const saved = await load(inspector, id)
      expect(saved.data).toMatchObject({ canvas: canvas(`v${version}-${winner}`), version: version + 1 })
      for (const lost of answers.filter((a) => a.status === 409)) expect(lost.message).toBe(DiagramMsg.stale(won[0]!.data.updateUserName, won[0]!.data.updateTimeStr))
    }
  })
})

describe('the picture of the drawing', () => {
  test('a save may carry a PNG of the drawing: the overview gets it back and the PDF holds it; a save without one drops it', async () => {
    const id = await makeReport(1)
    const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#ffffff' } })
      .composite([{ input: Buffer.from('<svg width="300" height="120"><ellipse cx="150" cy="60" rx="100" ry="40" stroke="red" fill="none" stroke-width="4"/></svg>') }])
      .png().toBuffer()
    const none = await env.call(inspector, 'GET', `/api/report/diagramPng/${id}`)
    expect(none.status).toBe(404)
    expect(none.message).toBe(DiagramMsg.noPicture)
    for (const bad of ['data:image/jpeg;base64,AAAA', 'data:image/png;base64,<script>', 'x'.repeat(10)]) {
      const res = await save(inspector, id, { canvas: canvas(), version: 0, png: bad })
      expect(res.status, bad).toBe(400)
      expect(res.message).toBe(DiagramMsg.pictureInvalid)
    }
    expect((await save(inspector, id, { canvas: canvas(), version: 0, png: `data:image/png;base64,${png.toString('base64')}` })).status).toBe(200)
    const picture = await env.app.inject({ method: 'GET', url: `/api/report/diagramPng/${id}`, headers: { authorization: `Bearer ${inspector}` } })
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toBe('image/png')
    // kept as it was re-encoded at save: the same pixels
    const pixels = (b: Buffer) => sharp(b).raw().toBuffer()
    expect(Buffer.compare(await pixels(picture.rawPayload), await pixels(png))).toBe(0)
    expect((await env.call(otherBase, 'GET', `/api/report/diagramPng/${id}`)).status).toBe(404)
    // the PDF's images: the QR code, and the drawing while it has a picture
    const images = async () => ((await env.app.inject({ method: 'GET', url: `/api/report/pdf/${id}`, headers: { authorization: `Bearer ${inspector}` } }))
      .rawPayload.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length
    const withPicture = await images()
    expect((await save(inspector, id, { canvas: canvas(), version: 1 })).status).toBe(200)
    expect((await env.call(inspector, 'GET', `/api/report/diagramPng/${id}`)).status).toBe(404)
    expect(await images()).toBeLessThan(withPicture)
  })
})

/** An 8-bit RGBA PNG whose IDAT is not zlib (pdfkit's decoder threw it outside any try and ended the process). */
const notZlibPng = () => pngWithBrokenData(64, 64)
/** A PNG with a text chunk put in after its header: what a client may add beside the pixels. */
const withTextChunk = (png: Buffer, text: string) => Buffer.concat([png.subarray(0, 33), pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')), png.subarray(33)])
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`
let hugePng: Promise<Buffer> | undefined
/** 8000 × 8000 RGBA, about 260 KB: 64 million pixels (it froze the PDF for 15 s). */
const huge = () => (hugePng ??= sharp({ create: { width: 8000, height: 8000, channels: 4, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer())
/** A canvas whose `objects` holds arrays nested `depth` deep: 40 KB at 20,000 (its every load answered 500). */
const nested = (depth: number) => `{"objects":${'['.repeat(depth)}${']'.repeat(depth)}}`
/** A save whose body is sent as this text, for a canvas too deep for JSON.stringify to write. */
const saveText = async (token: string, id: number, body: string) => {
  const res = await env.app.inject({ method: 'POST', url: `/api/report/saveFabric/${id}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: body })
  return { status: res.statusCode, ...(res.json() as { message: string; data: unknown }) }
}
const getRaw = (token: string, url: string) => env.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
/** What the saved row holds now. */
const stored = async (id: number) => (await env.db.select().from(reportDiagrams).where(eq(reportDiagrams.reportId, id)))[0]

/** The characters a PDF's embedded font can print (its ToUnicode maps): what text it holds, whatever the glyph order. */
function pdfCharacters(pdf: Buffer) {
  let chars = ''
  for (const m of pdf.toString('latin1').matchAll(/\/Length (\d+)[^]*?>>\nstream\n/g)) {
    const start = m.index + m[0].length
    let text: string
    try { text = zlib.inflateSync(pdf.subarray(start, start + Number(m[1]))).toString('latin1') } catch { continue }
    if (!text.includes('beginbfrange')) continue
    for (const [, hex] of text.matchAll(/<([0-9a-f]{4})>/gi)) chars += String.fromCharCode(parseInt(hex!, 16))
  }
  return chars
}

describe('what a client sends is checked before it is kept', () => {
  const placing = (src: string) => ({ ...canvas(), objects: [...canvas().objects, { type: 'Group', objects: [{ type: 'Image', left: 10, top: 10, src }] }] })
  const srcOf = (text: string) => (JSON.parse(text) as { objects: { objects?: { src?: string }[] }[] }).objects.at(-1)!.objects![0]!.src!

  test('a picture placed in the drawing is kept as sharp re-encodes it; one that is not a PNG or JPEG data URL is refused', async () => {
    const id = await makeReport(1)
    const photo = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#336699' } }).jpeg().toBuffer()
    const sent = `data:image/jpeg;base64,${photo.toString('base64')}`
    expect((await save(inspector, id, { canvas: placing(sent), version: 0 })).status).toBe(200)
    const kept = srcOf((await stored(id))!.canvas)
    expect(kept).not.toBe(sent)
    const meta = await sharp(Buffer.from(kept.slice(kept.indexOf(',') + 1), 'base64')).metadata()
    expect([meta.format, Math.max(meta.width!, meta.height!)]).toEqual(['jpeg', DIAGRAM_PICTURE_MAX_SIDE])
    const before = await stored(id)
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`
    for (const src of [svg, 'https://example.com/tracker.png', dataUrl(notZlibPng())]) {
      const res = await save(inspector, id, { canvas: placing(src), version: 1 })
      expect([res.status, res.message], src.slice(0, 30)).toEqual([400, DiagramMsg.placedInvalid])
    }
    const bomb = await save(inspector, id, { canvas: placing(dataUrl(await huge())), version: 1 })
    expect([bomb.status, bomb.message]).toEqual([413, DiagramMsg.pictureTooManyPixels])
    expect(await stored(id)).toEqual(before)
  })

  test('nothing is decoded for a report that cannot be drawn on: its state is the answer', async () => {
    const id = await makeReport(4)
    const res = await save(inspector, id, { canvas: canvas(), version: 0, png: dataUrl(notZlibPng()) })
    expect(res.status).toBe(409)
    expect((await save(otherBase, await makeReport(1), { canvas: canvas(), version: 0, png: dataUrl(notZlibPng()) })).status).toBe(404)
  })

  test('a picture that does not decode is refused (400) and nothing is written: no first save, no new version', async () => {
    const id = await makeReport(1)
    const bad = notZlibPng()
    const first = await save(inspector, id, { canvas: canvas(), version: 0, png: dataUrl(bad) })
    expect([first.status, first.message]).toEqual([400, DiagramMsg.pictureInvalid])
    expect(await stored(id)).toBeUndefined()
    const good = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer()
    expect((await save(inspector, id, { canvas: canvas('kept'), version: 0, png: dataUrl(good) })).status).toBe(200)
    const before = await stored(id)
    const later = await save(inspector, id, { canvas: canvas('lost'), version: 1, png: dataUrl(bad) })
    expect([later.status, later.message]).toEqual([400, DiagramMsg.pictureInvalid])
    expect(await stored(id)).toEqual(before)
    expect((await load(inspector, id)).data).toMatchObject({ canvas: canvas('kept'), version: 1 })
  })

  test('a picture of more than IMAGE_MAX_PIXELS is refused (413) from its header, and nothing is written', async () => {
    const id = await makeReport(1)
    await save(inspector, id, { canvas: canvas(), version: 0 })
    const before = await stored(id)
    const png = await huge()
    expect(png.length).toBeLessThan(400_000)
    const res = await save(inspector, id, { canvas: canvas('big'), version: 1, png: dataUrl(png) })
    expect([res.status, res.message]).toEqual([413, DiagramMsg.pictureTooManyPixels])
    expect(await stored(id)).toEqual(before)
  })

  test('a picture is kept as sharp re-encodes it: a PNG, its longest side at most DIAGRAM_PICTURE_MAX_SIDE, nothing of the sender’s beside the pixels', async () => {
    const id = await makeReport(1)
    const drawn = await sharp({ create: { width: 3600, height: 1600, channels: 4, background: '#ffffff' } })
      .composite([{ input: Buffer.from('<svg width="3600" height="1600"><rect x="100" y="100" width="3400" height="1400" rx="300" stroke="black" stroke-width="12" fill="none"/></svg>') }])
      .png().toBuffer()
    const sent = withTextChunk(drawn, '<script>alert(1)</script>')
    expect((await save(inspector, id, { canvas: canvas(), version: 0, png: dataUrl(sent) })).status).toBe(200)
    const picture = await getRaw(inspector, `/api/report/diagramPng/${id}`)
    expect(picture.statusCode).toBe(200)
    const meta = await sharp(picture.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'png', width: DIAGRAM_PICTURE_MAX_SIDE, height: Math.round(1600 * DIAGRAM_PICTURE_MAX_SIDE / 3600) })
    const kept = (await stored(id))!.png!
    expect(kept).toMatch(/^data:image\/png;base64,/)
    expect(Buffer.from(kept.slice(kept.indexOf(',') + 1), 'base64').toString('latin1')).not.toContain('<script>')
  })

  test(`a canvas nested deeper than DIAGRAM_MAX_DEPTH is refused (400), as text and as an object, and the saved version stays`, async () => {
    const id = await makeReport(1)
    await save(inspector, id, { canvas: canvas(), version: 0 })
    const before = await stored(id)
    const deep = nested(20_000)
    expect(deep.length).toBe(40_012)
    for (const body of [JSON.stringify({ canvas: deep, version: 1 }), `{"canvas":${deep},"version":1}`]) {
      const res = await saveText(inspector, id, body)
      expect([res.status, res.message], body.slice(0, 30)).toEqual([400, DiagramMsg.tooComplex])
    }
    // a body is refused before it is parsed: 10 MB nested 5 million deep took seconds of the main thread to parse
    const parse = vi.spyOn(JSON, 'parse')
    try {
      const refused = await saveText(inspector, id, `{"canvas":{"objects":${'['.repeat(5_000_000)}${']'.repeat(5_000_000)}},"version":1}`)
      expect([refused.status, refused.message]).toEqual([400, DiagramMsg.tooComplex])
      expect(parse.mock.calls.filter(([text]) => typeof text === 'string' && text.length > 1_000_000)).toEqual([])
    } finally {
      parse.mockRestore()
    }
    expect(await stored(id)).toEqual(before)
    // at the limit it saves: the canvas object, `objects`, then arrays
    const deepest = nested(DIAGRAM_MAX_DEPTH - 1)
    expect((await saveText(inspector, id, JSON.stringify({ canvas: deepest, version: 1 }))).status).toBe(200)
    expect((await saveText(inspector, id, JSON.stringify({ canvas: nested(DIAGRAM_MAX_DEPTH), version: 2 }))).status).toBe(400)
  })

  test('a canvas of more than DIAGRAM_MAX_VALUES values is refused (400), and the saved version stays', async () => {
    const id = await makeReport(1)
    await save(inspector, id, { canvas: canvas(), version: 0 })
    const before = await stored(id)
    // under DIAGRAM_MAX_BYTES, but no drawing holds that many empty arrays
    const many = `{"objects":[${Array(DIAGRAM_MAX_VALUES).fill('[]').join(',')}]}`
    expect(many.length).toBeLessThan(DIAGRAM_MAX_BYTES)
    for (const body of [JSON.stringify({ canvas: many, version: 1 }), `{"canvas":${many},"version":1}`]) {
      const res = await saveText(inspector, id, body)
      expect([res.status, res.message]).toEqual([400, DiagramMsg.tooComplex])
    }
    expect(await stored(id)).toEqual(before)
    const fits = `{"objects":[${Array(DIAGRAM_MAX_VALUES - 3).fill('0').join(',')}]}`
    expect((await saveText(inspector, id, JSON.stringify({ canvas: fits, version: 1 }))).status).toBe(200)
  })
})

describe('what was stored before those checks', () => {
  test('a stored canvas that cannot be served answers a clear 409 to the editor, and the report’s other screens keep working', async () => {
    for (const broken of [nested(20_000), 'not json', '[1,2]']) {
      const id = await makeReport(1)
      await env.db.insert(reportDiagrams).values({ reportId: id, canvas: broken, version: 3 })
      const res = await load(inspector, id)
      expect([res.status, res.message], broken.slice(0, 20)).toEqual([409, DiagramMsg.unreadable])
      expect((await env.call(inspector, 'POST', `/api/report/getDetail/${id}`)).status).toBe(200)
      expect((await getRaw(inspector, `/api/report/pdf/${id}`)).statusCode).toBe(200)
    }
  })

  test('a picture stored unchecked is checked when read: the overview is told it cannot be read, the PDF says so in place of it', async () => {
    const id = await makeReport(1)
    const good = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer()
    await save(inspector, id, { canvas: canvas(), version: 0, png: dataUrl(good) })
    const withPicture = (await getRaw(inspector, `/api/report/pdf/${id}`)).rawPayload
    expect(pdfCharacters(withPicture)).not.toContain('读')
    const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0
    const withoutPicture = images((await getRaw(inspector, `/api/report/pdf/${await makeReport(1)}`)).rawPayload)
    expect(images(withPicture)).toBeGreaterThan(withoutPicture)
    for (const old of [notZlibPng(), await huge()]) {
      await env.db.update(reportDiagrams).set({ png: dataUrl(old) }).where(eq(reportDiagrams.reportId, id))
      const picture = await env.call(inspector, 'GET', `/api/report/diagramPng/${id}`)
      expect([picture.status, picture.message]).toEqual([404, DiagramMsg.pictureUnreadable])
      const pdf = await getRaw(inspector, `/api/report/pdf/${id}`)
      expect(pdf.statusCode).toBe(200)
      // no drawing, and the note where it would be
      expect(images(pdf.rawPayload)).toBe(withoutPicture)
      for (const c of '示意图图片无法读取') expect(pdfCharacters(pdf.rawPayload)).toContain(c)
    }
    // the server is still there
    expect((await env.call(null, 'GET', '/api/health')).status).toBe(200)
  })
})

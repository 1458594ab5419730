/**
 * Tank diagrams' pictures: the PNG of the drawing a save may carry (the overview and the PDF show it) and
 * pictures placed in a canvas, each checked and kept only as sharp re-encodes it, refused when it does not
 * decode or has too many pixels; a picture stored before those checks is checked when read.
 */
import zlib from 'node:zlib'
import { DIAGRAM_PICTURE_MAX_SIDE, DiagramMsg } from '@app/contract'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { reportDiagrams } from '../../src/db/schema/index.js'
import sharp from 'sharp'
import { pngChunk, pngWithBrokenData } from '../responsiveness.js'
import { canvas, env, getRaw, inspector, load, makeReport, otherBase, save, stored, useDiagramApp } from './diagramFixture.js'

useDiagramApp()

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

})

describe('what was stored before those checks', () => {
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

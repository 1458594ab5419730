/**
 * Tank diagrams' canvases (`/report/saveFabric`, `/report/loadFabric`): what is saved loads back exactly,
 * only the report's own base sees or draws it, only while it is 正在检验, never over 5 MB nor too deep or
 * too many values, of two saves from the same version exactly one lands, the other told who saved when
 * (on PostgreSQL really at once), and a canvas stored before those checks answers a clear refusal.
 */
import { DIAGRAM_MAX_BYTES, DIAGRAM_MAX_DEPTH, DIAGRAM_MAX_VALUES, DiagramMsg, ReportMsg } from '@app/contract'
import { eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { reportDiagrams, reports } from '../../src/db/schema/index.js'
import {
  canvas, colleague, env, getRaw, hq, inspector, load, makeReport, otherBase, receptionist, save, seq, stored, useDiagramApp,
} from './diagramFixture.js'

useDiagramApp()

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
    // (a placed picture must be one: see pictures.test.ts)
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

/** A canvas whose `objects` holds arrays nested `depth` deep: 40 KB at 20,000 (its every load answered 500). */
const nested = (depth: number) => `{"objects":${'['.repeat(depth)}${']'.repeat(depth)}}`
/** A save whose body is sent as this text, for a canvas too deep for JSON.stringify to write. */
const saveText = async (token: string, id: number, body: string) => {
  const res = await env.app.inject({ method: 'POST', url: `/api/report/saveFabric/${id}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: body })
  return { status: res.statusCode, ...(res.json() as { message: string; data: unknown }) }
}

describe('what a client sends is checked before it is kept', () => {
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
})

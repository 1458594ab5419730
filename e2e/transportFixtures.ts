/**
 * The transports the 运单 end-to-end tests work on, made through the API from the fixture tickets
 * (read by /logistics/analysis, saved by /logistics/save), and the signed-in headquarters page they
 * are looked at on. Each test file that calls useTransports has its own server and transports.
 *
 * The grid starts with a few columns; these tests find rows by their settlement unit and look at the
 * spec's columns, so their user has turned the spec's columns on (SPEC_LAYOUT, saved as the user's
 * layout), unless `defaultColumns` keeps the grid as a new user sees it.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import type { TicketReadingAnswer, Transport, TransportBody } from '@app/contract'
import { shot, signedInPage } from './browser'
import { ADMIN, useServerAndBrowser } from './server'

const TICKETS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../server/test/fixtures/tickets')

/** The spec's columns in the spec's order (spec 001 §2), the grid's other columns hidden after them. */
export const SPEC_LAYOUT = {
  order: [
    'createTime', 'deliveryTimeStr', 'signTimeStr', 'deliveryCarrier', 'deliveryPlateNumber', 'deliveryManufactory', 'signName',
    'signPlace', 'signSettlement', 'deliveryGoodsName', 'deliveryNetWeight', 'signNetWeight', 'poundDiff', 'deliverySpecific',
    'deliveryCustomer', 'signUser', 'deliveryNumber', 'signNumber', 'deliveryBags', 'deliveryAdditional', 'deliveryGrossWeight',
    'deliveryTareWeight', 'deliveryPicUrl', 'signPicUrl', 'signFirstNetWeight', 'signBags', 'signGrossWeight', 'signTareWeight',
    'signAdditional', 'phone', 'companyName', 'status',
  ],
  hidden: ['signFirstNetWeight', 'signBags', 'signGrossWeight', 'signTareWeight', 'signAdditional', 'phone', 'companyName', 'status'],
  widths: {},
}

export function useTransports({ defaultColumns = false } = {}) {
  const env = useServerAndBrowser()
  const t = {
    env,
    token: '',
    context: undefined as unknown as BrowserContext,
    page: undefined as unknown as Page,
    pageErrors: [] as string[],
    /** the transports made for the test, by name */
    made: {} as Record<string, Transport>,
    /** figures measured here, printed at the end */
    figures: [] as string[],
    transport,
  }

  async function analyze(file: string, fileType: 1 | 2): Promise<TicketReadingAnswer> {
    const form = new FormData()
    form.append('file', new Blob([fs.readFileSync(path.join(TICKETS, file))], { type: 'image/jpeg' }), file)
    const res = await fetch(`${env.server.url}/api/logistics/analysis?fileType=${fileType}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${t.token}` } })
    const body = await res.json() as { code: number; message: string; data: TicketReadingAnswer }
    if (body.code !== 200) throw new Error(`analysis of ${file}: ${res.status} ${body.message}`)
    return body.data
  }
  /**
   * A transport from two fixture tickets: what the reading found, with the required fields filled (the
   * receiving note agrees with the delivery note), `settlement` naming it in the grid, and `change` on top.
   */
  async function makeTransport(name: string, files: [string, string] | [string], opts: {
    change?: (read: { delivery: TicketReadingAnswer; sign?: TicketReadingAnswer }) => Partial<TransportBody>
  } = {}) {
    const delivery = await analyze(files[0], 1)
    const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback)
    const body: TransportBody = {
      deliveryManufactory: text(delivery.deliveryManufactory, '海螺水泥'), deliveryCustomer: text(delivery.deliveryCustomer, '路桥集团'),
      deliveryGoodsName: text(delivery.deliveryGoodsName, '普通硅酸盐水泥'), deliverySpecific: text(delivery.deliverySpecific, 'P.O42.5'),
      deliveryCarrier: text(delivery.deliveryCarrier, '万里通物流有限公司'), deliveryPlateNumber: text(delivery.deliveryPlateNumber, '皖A12345'),
      deliveryNumber: text(delivery.deliveryNumber, `E2E${name}`), deliveryTime: text(delivery.deliveryTime, '2026-09-12 13:03:42'),
      deliveryNetWeight: num(delivery.deliveryNetWeight, 35), deliveryGrossWeight: num(delivery.deliveryGrossWeight, 50),
      deliveryTareWeight: num(delivery.deliveryTareWeight, 15), deliveryBags: num(delivery.deliveryBags, 0),
      deliveryPicId: delivery.deliveryPicId, confirmDuplicate: true,
    }
    if (files.length === 1) {
      const res = await env.server.api.call<Transport>('POST', '/logistics/saveTemp', body, t.token)
      if (res.status !== 200) throw new Error(`saveTemp ${name}: ${res.body.message}`)
      t.made[name] = res.body.data
      return
    }
    const sign = await analyze(files[1], 2)
    Object.assign(body, {
      signManufactory: body.deliveryManufactory, signCustomer: body.deliveryCustomer, signGoodsName: body.deliveryGoodsName,
      signSpecific: body.deliverySpecific, signCarrier: body.deliveryCarrier, signPlateNumber: body.deliveryPlateNumber,
      signName: `E2E收货单位${name}`, signPlace: '南京市江宁区天元中路9号', signSettlement: `E2E结算${name}`, signUser: '张伟',
      signTime: text(sign.signTime, '2026-09-13 10:00:00'), signNumber: text(sign.signNumber, `E2ES${name}`),
      signFirstNetWeight: num(sign.signFirstNetWeight ?? sign.signNetWeight, 35), signNetWeight: num(sign.signFirstNetWeight ?? sign.signNetWeight, 35),
      signGrossWeight: num(sign.signGrossWeight, 50), signTareWeight: num(sign.signTareWeight, 15), signBags: num(sign.signBags, 0),
      signPicId: sign.signPicId,
    } satisfies Partial<TransportBody>, opts.change?.({ delivery, sign }) ?? {})
    const res = await env.server.api.call<Transport>('POST', '/logistics/save', body, t.token)
    if (res.status !== 200) throw new Error(`save ${name}: ${res.body.message}`)
    t.made[name] = res.body.data
  }

  async function transport(id: number): Promise<Transport> {
    const res = await env.server.api.call<Transport>('GET', `/logistics/get/getLogistics?id=${id}`, undefined, t.token)
    return res.body.data
  }

  beforeAll(async () => {
    t.token = await env.server.api.token()
    // the delivery net against the receiving total decides the pound difference; a weight saved 1 t or
    // more away from its reading is a modification
    // (the fixtures' nets: A1_000 38.57 / A2_003 39.5, B1_001 32 / B2_004 35.01, C1_002 41.7 / C2_005 42.19,
    // C1_008 43.83 / C2_011 34.88, B1_007 45 / B2_010 35.92 + 8.5 at a second place)
    await makeTransport('plain', ['A1_000.jpg', 'A2_003.jpg'])
    await makeTransport('pound', ['B1_001.jpg', 'B2_004.jpg'])
    await makeTransport('modified', ['C1_002.jpg', 'C2_005.jpg'], { change: ({ delivery }) => ({ deliveryGrossWeight: num(delivery.deliveryGrossWeight, 50) + 3 }) })
    await makeTransport('both', ['C1_008.jpg', 'C2_011.jpg'], { change: ({ delivery }) => ({ deliveryGrossWeight: num(delivery.deliveryGrossWeight, 50) + 3 }) })
    await makeTransport('split', ['B1_007.jpg', 'B2_010.jpg'], {
      change: () => ({
        destinations: [{ dest: 'E2E二号工地', address: '南京市江宁区二号路1号', signTime: '2026-09-13 11:30:00', weight: 8.5, bags: 0, signUser: '李雷', signSettlement: '合肥建工集团有限公司' }],
      }),
    })
    await makeTransport('temp', ['A1_006.jpg'])
    for (const name of Object.keys(t.made)) t.made[name] = await transport(t.made[name]!.id)

    if (!defaultColumns) {
      const saved = await env.server.api.call('PUT', '/users/settings/transportGrid', SPEC_LAYOUT, t.token)
      if (saved.status !== 200) throw new Error(`layout: ${saved.body.message}`)
    }
    t.context = await env.context()
    t.page = await signedInPage(t.context, ADMIN, t.pageErrors)
  }, 600_000)

  afterAll(async () => {
    if (t.figures.length) console.log(t.figures.join('\n'))
    expect(t.pageErrors).toEqual([])
    await t.context?.close()
  })
  return t
}

export const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback)

/**
 * The grid's rows, or those holding `text`: the rows the grid gives the row role, not those of the
 * destinations table inside an opened row (table rows, whose role is implicit).
 */
export const gridRows = (page: Page) => page.getByTestId('grid-body').locator('[role="row"]')
export const gridRowOf = (page: Page, text: string) => gridRows(page).filter({ hasText: text })

/** A screenshot once the page's animations are over. */
export async function settledShot(page: Page, name: string) {
  await page.waitForTimeout(450)
  await shot(page, name)
}

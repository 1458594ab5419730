/**
 * 运单列表 and the trace pages as a headquarters user uses them, on transports made through the API
 * from the fixture tickets (read by /logistics/analysis, saved by /logistics/save): row colours by
 * danger level, an expanded row's destinations, a column moved and resized and the layout restored
 * after a reload, the detail with its differences, 判定无效, an edit (a stale one first), delete; a
 * user of another base sees none of it. Then a 100,000-row page: how long after its answer arrives
 * the first rows are painted, and a scroll through it. Screenshots go to /tmp/shots/transports-*.png.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import {
  DANGER_LEVELS, type DangerLevel, type PackedPage, type TicketReadingAnswer, type Transport, type TransportBody,
} from '@app/contract'
import { confirmIn, loginViaForm, shot, signedInPage, toastOf } from './browser'
import { ADMIN, useServerAndBrowser } from './server'

const TICKETS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../server/test/fixtures/tickets')
const BASE = { name: '运单隔离基地', contactor: '王经理', phone: '13600001111', domain: 'yundan', password: 'Base@12345' }
const BIG_PAGE = 100_000
const FIRST_BIG_ID = 1_000_000

const env = useServerAndBrowser()
let token: string
let context: BrowserContext
let page: Page
const pageErrors: string[] = []
/** the transports made for the test, by name */
const made: Record<string, Transport> = {}
/** figures measured here, printed at the end */
const figures: string[] = []

async function analyze(file: string, fileType: 1 | 2): Promise<TicketReadingAnswer> {
  const form = new FormData()
  form.append('file', new Blob([fs.readFileSync(path.join(TICKETS, file))], { type: 'image/jpeg' }), file)
  const res = await fetch(`${env.server.url}/api/logistics/analysis?fileType=${fileType}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
  const body = await res.json() as { code: number; message: string; data: TicketReadingAnswer }
  if (body.code !== 200) throw new Error(`analysis of ${file}: ${res.status} ${body.message}`)
  return body.data
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback)

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
    const res = await env.server.api.call<Transport>('POST', '/logistics/saveTemp', body, token)
    if (res.status !== 200) throw new Error(`saveTemp ${name}: ${res.body.message}`)
    made[name] = res.body.data
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
  const res = await env.server.api.call<Transport>('POST', '/logistics/save', body, token)
  if (res.status !== 200) throw new Error(`save ${name}: ${res.body.message}`)
  made[name] = res.body.data
}

async function transport(id: number): Promise<Transport> {
  const res = await env.server.api.call<Transport>('GET', `/logistics/get/getLogistics?id=${id}`, undefined, token)
  return res.body.data
}

beforeAll(async () => {
  token = await env.server.api.token()
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
  for (const name of Object.keys(made)) made[name] = await transport(made[name]!.id)

  context = await env.context()
  page = await signedInPage(context, ADMIN, pageErrors)
}, 600_000)

afterAll(async () => {
  if (figures.length) console.log(figures.join('\n'))
  expect(pageErrors).toEqual([])
  await context?.close()
})

const toast = (text: string) => toastOf(page, text)
const gridRow = (text: string) => page.locator('[data-testid="grid-body"] [role="row"]').filter({ hasText: text })
const headerTitles = () => page.locator('.ant-table-thead th').allInnerTexts()
async function settledShot(name: string, p: Page = page) {
  await p.waitForTimeout(450)
  await shot(p, name)
}
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`
/** The grid afresh (each test starts from it, whatever the one before left open or scrolled). */
async function openGrid() {
  await page.goto('/by_agent/index')
  await gridRow('E2E结算plain').waitFor()
}
/** The next save of the layout (holding `text`, when given). */
const layoutSaved = (text = '') => page.waitForResponse((r) => r.url().includes('/api/users/settings/transportGrid')
  && r.request().method() === 'PUT' && (r.request().postData() ?? '').includes(text))

describe('运单列表', () => {
  it('lists the transports with the spec\'s columns, each row coloured by its danger level, and the legend', async () => {
    await gridRow('E2E结算plain').waitFor()
    const titles = (await headerTitles()).filter(Boolean)
    expect(titles.join('|')).toMatch(/上传时间\|发货时间\|收货时间\|承运单位\|车牌号\|生产厂家\|收货单位\|收货地址\|结算单位\|商品名称\|发货净重\(吨\)\|收货净重\(吨\)\|磅差\(吨\)\|水泥编号\|购货单位\|签收人\|发货单号\|收货单号\|袋数\|备注\|毛重\|皮重\|发货票据\|收货票据\|操作/)
    for (const level of [1, 2, 3] as DangerLevel[]) await page.getByTestId('danger-legend').getByText(DANGER_LEVELS[level].label, { exact: true }).waitFor()

    const levels = Object.fromEntries(Object.entries(made).map(([n, t]) => [n, t.dangerLevel]))
    // the figures chosen above: a pound difference of 3 t, a gross weight 3 t off its reading, both
    expect(levels).toMatchObject({ plain: null, pound: 1, modified: 2, both: 3 })
    for (const name of ['plain', 'pound', 'modified', 'both', 'split']) {
      const row = gridRow(`E2E结算${name}`)
      const level = levels[name] as DangerLevel | null
      const bg = () => row.evaluate((el) => getComputedStyle(el).backgroundColor)
      // polled: a row's background is animated (hover, selection)
      if (level) await expect.poll(bg, { message: name }).toBe(rgb(DANGER_LEVELS[level].color))
      else expect(await bg(), name).not.toMatch(new RegExp(Object.values(DANGER_LEVELS).map((l) => rgb(l.color).replace(/[()]/g, '\\$&')).join('|')))
    }
    // weights with two decimals, the proof pictures as thumbnails
    const pound = made.pound!
    await gridRow('E2E结算pound').getByText(pound.poundDiff!.toFixed(2), { exact: true }).waitFor()
    await gridRow('E2E结算plain').locator('img[alt="发货票据"]').waitFor()
    await gridRow('E2E结算plain').locator('img[alt="收货票据"]').waitFor()
    await settledShot('transports-grid')
  })

  it('offers the actions by status and opens a proof picture', async () => {
    await openGrid()
    const tempRow = page.locator(`[role="row"][data-row-key="${made.temp!.id}"]`)
    expect(await tempRow.getByRole('link').or(tempRow.getByRole('button')).allInnerTexts()).toEqual(['继续上传', '删除'])
    expect(await gridRow('E2E结算plain').getByRole('link').or(gridRow('E2E结算plain').getByRole('button')).allInnerTexts())
      .toEqual(['编辑', '查看', '原始数据', '删除'])
    // the pictures are the last columns: scroll the grid to its right end first
    const body = (await page.locator('[data-testid="grid-body"]').boundingBox())!
    await page.mouse.move(body.x + body.width / 2, body.y + 40)
    await page.mouse.wheel(4000, 0)
    await page.waitForTimeout(300)
    await gridRow('E2E结算plain').locator('.ant-image:has(img[alt="发货票据"])').click()
    await page.locator('.ant-image-preview-img').waitFor()
    await settledShot('transports-preview')
    await page.keyboard.press('Escape')
    await page.locator('.ant-image-preview-img').waitFor({ state: 'hidden' })
  })

  it('expands a row into its extra destinations', async () => {
    await openGrid()
    const row = gridRow('E2E结算split')
    await row.locator('.ant-table-row-expand-icon').click()
    const child = page.getByTestId('destinations')
    await child.getByText('第二收货地').waitFor()
    await child.getByText('E2E二号工地').waitFor()
    await child.getByText('8.50', { exact: true }).waitFor()
    // a transport without extra destinations has nothing to expand
    expect(await gridRow('E2E结算plain').locator('.ant-table-row-expand-icon-spaced').count()).toBe(1)
    // the rows below make room for the destinations: none is drawn over them
    const rows = page.locator('[data-testid="grid-body"] [role="row"]')
    const tops = async () => (await rows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-row-key'), e.getBoundingClientRect().top] as const)))
    const detail = (await page.getByTestId('grid-row-detail').boundingBox())!
    const splitTop = (await row.boundingBox())!.y
    const below = (await tops()).filter(([, top]) => top > splitTop)
    expect(below.length).toBeGreaterThan(0)
    for (const [, top] of below) expect(top).toBeGreaterThanOrEqual(Math.floor(detail.y + detail.height))
    await settledShot('transports-expanded')
    await row.locator('.ant-table-row-expand-icon').click()
    // closed: the rows are back one under the other
    await page.getByTestId('grid-row-detail').waitFor({ state: 'detached' })
    const after = (await tops()).map(([, top]) => top).sort((a, b) => a - b)
    expect(after.slice(1).map((t, i) => Math.round(t - after[i]!))).toEqual(after.slice(1).map(() => 40))
  })

  it('selects rows one by one and all at once; 发送短信 then asks about the selected ones', async () => {
    await openGrid()
    const all = page.getByRole('checkbox', { name: '全选' })
    await gridRow('E2E结算pound').getByRole('checkbox', { name: '选择' }).check()
    await expect.poll(() => all.evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(true)
    await expect.poll(() => gridRow('E2E结算pound').getAttribute('aria-selected')).toBe('true')
    await page.getByRole('button', { name: '发送短信' }).click()
    await page.getByText('确定向所选 1 条运单中磅差超标运单的承运单位发送短信吗？').waitFor()
    await page.getByRole('button', { name: /取\s*消/ }).click()
    await all.check()
    const count = Object.keys(made).length
    await expect.poll(() => page.locator('[data-testid="grid-body"] [role="row"][aria-selected="true"]').count()).toBe(count)
    await page.getByRole('button', { name: '发送短信' }).click()
    await page.getByText(`确定向所选 ${count} 条运单中磅差超标运单的承运单位发送短信吗？`).waitFor()
    await page.getByRole('button', { name: /取\s*消/ }).click()
    await all.uncheck()
    await expect.poll(() => page.locator('[data-testid="grid-body"] [role="row"][aria-selected="true"]').count()).toBe(0)
  })

  it('moves and resizes a column; the layout is saved for the user and restored after a reload', async () => {
    await openGrid()
    const header = (title: string) => page.locator('.ant-table-thead th').filter({ hasText: new RegExp(`^${title.replace(/[()]/g, '\\$&')}$`) })
    // drag 承运单位 onto 上传时间
    const from = (await header('承运单位').boundingBox())!
    const to = (await header('上传时间').boundingBox())!
    let saved = layoutSaved()
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    for (let i = 1; i <= 12; i++) await page.mouse.move(from.x + from.width / 2 + ((to.x + 10 - from.x - from.width / 2) * i) / 12, from.y + from.height / 2)
    await page.mouse.up()
    await saved
    let titles = (await headerTitles()).filter(Boolean)
    expect(titles.indexOf('承运单位')).toBeLessThan(titles.indexOf('上传时间'))

    // widen 发货时间 by its handle
    const carrier = header('发货时间')
    const before = (await carrier.boundingBox())!.width
    const handle = (await carrier.locator('span[class*="resizeHandle"]').boundingBox())!
    saved = layoutSaved()
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2)
    await page.mouse.down()
    for (let i = 1; i <= 8; i++) await page.mouse.move(handle.x + handle.width / 2 + 10 * i, handle.y + handle.height / 2)
    await page.mouse.up()
    await saved
    expect((await carrier.boundingBox())!.width).toBeGreaterThan(before + 60)

    // hide 车牌号 in the column settings
    saved = layoutSaved('"hidden":["deliveryPlateNumber"')
    await page.getByRole('button', { name: '列设置' }).click()
    await page.getByTestId('column-settings').getByText('车牌号', { exact: true }).click()
    await saved
    await page.keyboard.press('Escape')

    await page.reload()
    await gridRow('E2E结算plain').waitFor()
    titles = (await headerTitles()).filter(Boolean)
    expect(titles[0]).toBe('承运单位')
    expect(titles).not.toContain('车牌号')
    expect((await header('发货时间').boundingBox())!.width).toBeGreaterThan(before + 60)
    await settledShot('transports-layout-restored')

    // the layout is this user's alone, on the server
    const setting = await env.server.api.call<{ order: string[]; hidden: string[]; widths: Record<string, number> }>('GET', '/users/settings/transportGrid', undefined, token)
    expect(setting.body.data.order[0]).toBe('deliveryCarrier')
    expect(setting.body.data.hidden).toContain('deliveryPlateNumber')
    expect(setting.body.data.widths.deliveryTimeStr).toBeGreaterThan(220)
  })

  it('opens the toolbar\'s dialogs (loaded when first needed): a data export shown in the preview, the statement, the tolerances', async () => {
    await openGrid()
    await page.getByRole('button', { name: /导出数据/ }).click()
    const columns = page.locator('.ant-modal').filter({ hasText: '选择导出列' })
    await columns.getByRole('button', { name: /导\s*出/ }).click()
    const preview = page.locator('.ant-modal').filter({ hasText: '预览：' })
    await preview.locator('table').getByText('E2E结算plain').waitFor()
    await settledShot('transports-export-preview')
    await preview.getByRole('button', { name: /关\s*闭|取\s*消/ }).first().click()
    await preview.waitFor({ state: 'hidden' })

    await page.getByRole('button', { name: /导出对账单/ }).click()
    const statement = page.locator('.ant-modal').filter({ hasText: '导出对账单' })
    await statement.getByText('开始日期').first().waitFor()
    await statement.getByRole('button', { name: /取\s*消/ }).click()
    await statement.waitFor({ state: 'hidden' })

    await page.getByRole('button', { name: /磅差容差/ }).click()
    const tolerance = page.locator('.ant-modal').filter({ hasText: '磅差容差（按结算单位）' })
    await tolerance.waitFor()
    await tolerance.locator('.ant-modal-close').click()
    await tolerance.waitFor({ state: 'hidden' })
    expect(pageErrors).toEqual([])
  })

  it('filters with suggestions and resets', async () => {
    await openGrid()
    const filters = page.getByTestId('transport-filters')
    const input = (label: string) => filters.locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) }).locator('input').first()
    // the form opens folded to its first row
    expect(await input('结算单位').isVisible()).toBe(false)
    await filters.getByText('展开').click()
    // a text filter offers the base's values
    await input('承运单位').click()
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor()
    await input('承运单位').fill('万里')
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '万里通物流有限公司' }).waitFor()
    await settledShot('transports-suggestions')
    await input('承运单位').fill('')
    await input('结算单位').fill('E2E结算pound')
    await page.getByRole('button', { name: /查\s*询/ }).click()
    await expect.poll(() => page.locator('[data-testid="grid-body"] [role="row"]').count()).toBe(1)
    await gridRow('E2E结算pound').waitFor()
    await page.getByRole('button', { name: /清\s*空/ }).click()
    await expect.poll(() => page.locator('[data-testid="grid-body"] [role="row"]').count()).toBe(Object.keys(made).length)
  })
})

describe('运单详情、编辑、删除', () => {
  it('shows each field beside its reading, the changed ones marked, and marks the transport invalid after the confirm', async () => {
    await gridRow('E2E结算modified').getByRole('link', { name: '查看' }).click()
    await page.waitForURL(`**/traceDetail/index?id=${made.modified!.id}`)
    const delivery = page.getByTestId('delivery-block')
    await delivery.getByText('原始数据').first().waitFor()
    await delivery.locator('img[alt="发货信息票据"]').waitFor()
    // the gross weight saved 3 t away from the reading
    const changed = delivery.locator('tr[data-differs]')
    await expect.poll(() => changed.filter({ hasText: '毛重' }).count()).toBe(1)
    await page.getByTestId('sign-block').waitFor()
    await settledShot('transports-detail')

    await page.getByRole('button', { name: '判定无效' }).click()
    await page.locator('.ant-modal-confirm').getByText('是否需要判定为无效').waitFor()
    await settledShot('transports-invalid-confirm')
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click()
    await toast('操作成功').waitFor()
    await page.getByTestId('transport-status').filter({ hasText: '作废' }).waitFor()
    expect((await transport(made.modified!.id)).status).toBe(3)
    expect(await page.getByRole('button', { name: '判定无效' }).count()).toBe(0)

    // ?active (opened from another screen): no 关闭 or 删除
    await page.goto(`/traceDetail/index?id=${made.plain!.id}&active=1`)
    await page.getByTestId('delivery-block').waitFor()
    expect(await page.getByRole('button', { name: /^(关\s*闭|删\s*除)$/ }).count()).toBe(0)
  })

  it('edits a transport: a stale save names who saved it, a fresh one answers 更新成功', async () => {
    const plain = made.plain!
    await page.goto('/by_agent/index')
    await gridRow('E2E结算plain').getByRole('link', { name: '编辑' }).click()
    await page.waitForURL(`**/editTraceDetail/index?id=${plain.id}`)
    const remark = page.locator('#delivery_deliveryAdditional')
    await remark.waitFor()
    // the receiving total and pound difference follow the first net
    await page.locator('#sign_signFirstNetWeight').fill(String(Number(plain.deliveryNetWeight) - 2))
    await page.locator('#sign_signFirstNetWeight').press('Tab')
    await expect.poll(() => page.getByTestId('pound-diff').inputValue()).toBe('2.00')
    await page.locator('#sign_signFirstNetWeight').fill(String(plain.signFirstNetWeight))
    await page.locator('#sign_signFirstNetWeight').press('Tab')
    // the edit page's consistency check
    await page.locator('#sign_signPlateNumber').fill('皖Z99999')
    await page.locator('#sign_signPlateNumber').press('Tab')
    await page.getByText(`与发货车牌号不一致：${plain.deliveryPlateNumber}`).waitFor()
    await page.locator('#sign_signPlateNumber').fill(String(plain.deliveryPlateNumber))
    await page.locator('#sign_signPlateNumber').press('Tab')
    await remark.fill('E2E改过的备注')

    // meanwhile someone else saves it
    const other = await env.server.api.call('PUT', `/logistics/update/${plain.id}`, { ...await transport(plain.id), signUser: '李四', destinations: [] }, token)
    expect(other.status).toBe(200)
    await page.getByRole('button', { name: /保\s*存/ }).click()
    await page.getByTestId('stale-alert').filter({ hasText: /已被.*修改/ }).waitFor()
    await settledShot('transports-edit-stale')

    await page.getByTestId('stale-alert').getByRole('button', { name: '重新加载' }).click()
    await expect.poll(() => page.locator('#sign_signUser').inputValue()).toBe('李四')
    await remark.fill('E2E改过的备注')
    await settledShot('transports-edit')
    await page.getByRole('button', { name: /保\s*存/ }).click()
    await toast('更新成功').waitFor()
    await page.waitForURL(`**/traceDetail/index?id=${plain.id}`)
    await page.getByTestId('delivery-block').getByText('E2E改过的备注').waitFor()
    expect((await transport(plain.id)).deliveryAdditional).toBe('E2E改过的备注')
  })

  it('shows headquarters the raw OCR text', async () => {
    await page.goto(`/traceDetail2/index?id=${made.plain!.id}`)
    expect(await page.getByTestId('delivery-origin').inputValue()).not.toBe('')
    await settledShot('transports-raw')
  })

  it('continues a temporary save and deletes after the spec\'s confirmation', async () => {
    await page.goto('/by_agent/index')
    const tempRow = page.locator(`[role="row"][data-row-key="${made.temp!.id}"]`)
    await tempRow.getByRole('link', { name: '继续上传' }).click()
    await page.waitForURL(`**/upload/index?id=${made.temp!.id}`)
    await page.goBack()
    // Esc takes the question back; asked again, 确定 deletes
    await tempRow.getByRole('button', { name: '删除' }).click()
    await page.locator('.ant-popconfirm').getByText('确定删除该运单吗？').waitFor()
    await page.keyboard.press('Escape')
    await page.locator('.ant-popconfirm').waitFor({ state: 'hidden' })
    await tempRow.getByRole('button', { name: '删除' }).click()
    await page.locator('.ant-popconfirm').getByText('确定删除该运单吗？').waitFor()
    await confirmIn(page.locator('.ant-popconfirm'))
    await toast('删除成功').waitFor()
    await tempRow.waitFor({ state: 'detached' })
    expect((await env.server.api.call('GET', `/logistics/get/getLogistics?id=${made.temp!.id}`, undefined, token)).status).toBe(404)
  })
})

describe('another base', () => {
  it('a user of another base sees none of these transports', async () => {
    const created = await env.server.api.call('POST', '/company/save', { ...BASE, password: await env.server.api.encrypt(BASE.password) }, token)
    expect(created.status, created.body.message).toBe(200)
    const other = await env.context()
    const p = await other.newPage()
    await p.goto('/login')
    await loginViaForm(p, BASE.phone, BASE.password)
    await p.waitForURL('**/by_agent/index')
    await p.getByText('暂无运单').waitFor()
    expect(await p.locator('[data-testid="grid-body"] [role="row"]').count()).toBe(0)
    // no 基地 filter for a base
    expect(await p.getByTestId('transport-filters').getByText('基地', { exact: true }).count()).toBe(0)
    await settledShot('transports-other-base', p)
    await other.close()
  })
})

describe('a 100,000-row page', () => {
  /**
   * Switches the grid to 100,000 rows a page, the answer being `sample` (a row of the server's packed
   * grid page) repeated: the page's fetch is answered from memory, so the time measured is the
   * browser's alone, from the moment the answer is there to the frame that shows its first rows; then
   * the time until the whole page is in the grid (共 100000 条 and no more 正在接收).
   */
  async function paintBigPage(sample: PackedPage) {
    await page.goto('/by_agent/index')
    await gridRow('E2E结算plain').waitFor()
    const size = await page.evaluate(({ sample, n, firstId }) => {
      const at = (key: string) => sample.columns.indexOf(key)
      const [id, settlement, level, destinations] = [at('id'), at('signSettlement'), at('dangerLevel'), at('destinations')]
      const levels = [null, 1, 2, 3]
      const rows = Array.from({ length: n }, (_, i) => {
        const row = [...sample.rows[0]!]
        row[id] = firstId + i
        row[settlement] = `批量结算${i}`
        row[level] = levels[i % 4]
        if (i % 10) row[destinations] = []
        return row
      })
      // bytes, as the network delivers them (encoding the answer is not the page's work)
      const answer = new TextEncoder().encode(JSON.stringify({ code: 200, message: '操作成功', data: { columns: sample.columns, rows, totalCount: n } }))
      const w = window as unknown as { __painted: Promise<number>; __arrived: number }
      const realFetch = window.fetch
      window.fetch = async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
        if (url.includes('/api/logistics/grid') && typeof init?.body === 'string' && JSON.parse(init.body).size === n) {
          w.__arrived = performance.now()
          // all of it there at once, in the pieces a network delivers
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              for (let at = 0; at < answer.length; at += 65_536) controller.enqueue(answer.subarray(at, at + 65_536))
              controller.close()
            },
          })
          return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })
        }
        return realFetch(input, init)
      }
      w.__painted = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (!document.querySelector(`[role="row"][data-row-key="${firstId}"]`)) return
          observer.disconnect()
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))
        })
        observer.observe(document.body, { childList: true, subtree: true })
      })
      return answer.byteLength
    }, { sample, n: BIG_PAGE, firstId: FIRST_BIG_ID })
    await page.locator('.ant-pagination-options .ant-select').click()
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '100000' }).click({ noWaitAfter: true })
    const { ms, whole } = await page.evaluate(async () => {
      const w = window as unknown as { __painted: Promise<number>; __arrived: number }
      const painted = await w.__painted
      // then each frame until the rest of the page has come in
      while (document.querySelector('[data-testid="rows-arriving"]')) await new Promise((r) => requestAnimationFrame(r))
      return { ms: Math.round(painted - w.__arrived), whole: Math.round(performance.now() - w.__arrived) }
    })
    figures.push(`transport grid 100k rows (packed answer ${(size / 1024 / 1024).toFixed(0)} MB): answer to first rows painted ${ms} ms, to the whole page in the grid ${whole} ms`)
    await page.getByText(`共 ${BIG_PAGE} 条`).waitFor()
    return ms
  }

  it('renders a 100,000-row answer, timing its first paint, and scrolls to the last row', async () => {
    // the split transport's row as the grid's page answers it (with its extra destinations)
    const res = await env.server.api.call<PackedPage>('POST', '/logistics/grid', { page: 1, size: 100 }, token)
    const id = res.body.data.columns.indexOf('id')
    const sample = { ...res.body.data, rows: res.body.data.rows.filter((r) => r[id] === made.split!.id) }
    expect(sample.rows).toHaveLength(1)
    await page.setViewportSize({ width: 1920, height: 1080 })
    // the target is 1 s (issue 10); the figure is printed above and reported, not asserted
    expect(await paintBigPage(sample)).toBeGreaterThan(0)
    await settledShot('transports-100k')

    // what a frame takes with nothing to do, the yardstick of the scroll's frames below
    const idle = await page.evaluate(async () => {
      const frames: number[] = []
      let last = await new Promise<number>((r) => requestAnimationFrame(r))
      for (let i = 0; i < 120; i++) {
        const now = await new Promise<number>((r) => requestAnimationFrame(r))
        frames.push(now - last)
        last = now
      }
      return frames.sort((a, b) => a - b)[60]!
    })
    figures.push(`transport grid 100k rows, idle: frame p50 ${idle.toFixed(1)} ms`)
    // scroll through it: frame times over 120 frames, the body moved top to bottom (the scroll bar
    // dragged: every frame shows new rows), then 120 px a frame (a mouse wheel's step)
    for (const [how, step] of [['top to bottom in 120 steps', 0], ['by 120 px a frame', 120]] as const) {
      const scroll = await page.evaluate(async (step) => {
        const holder = document.querySelector('[data-testid="grid-body"]') as HTMLElement
        const frames: number[] = []
        const from = holder.scrollTop = step ? holder.scrollHeight / 3 : 0
        await new Promise((r) => requestAnimationFrame(r))
        let last = performance.now()
        for (let i = 1; i <= 120; i++) {
          holder.scrollTop = step ? from + step * i : (holder.scrollHeight * i) / 120
          await new Promise((r) => requestAnimationFrame(r))
          const now = performance.now()
          frames.push(now - last)
          last = now
        }
        frames.sort((a, b) => a - b)
        return { p50: frames[60]!, p95: frames[114]!, max: frames[119]! }
      }, step)
      figures.push(`transport grid 100k rows scrolled ${how}: frame p50 ${scroll.p50.toFixed(0)} ms (${(scroll.p50 / idle).toFixed(2)}× idle), p95 ${scroll.p95.toFixed(0)} ms, max ${scroll.max.toFixed(0)} ms`)
    }
    // one scroll to the bottom shows the page's last row, whole, at the bottom of the body: every row
    // keeps the one height the body places rows by
    const end = await page.evaluate((lastId) => {
      const holder = document.querySelector('[data-testid="grid-body"]') as HTMLElement
      holder.scrollTop = holder.scrollHeight
      return new Promise<{ heights: number[]; gap: number } | null>((resolve) => requestAnimationFrame(() => {
        const last = holder.querySelector(`[role="row"][data-row-key="${lastId}"]`)
        if (!last) return resolve(null)
        const heights = [...new Set(Array.from(holder.querySelectorAll<HTMLElement>('[role="row"]'), (r) => r.offsetHeight))]
        resolve({ heights, gap: Math.round(holder.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom) })
      }))
    }, FIRST_BIG_ID + BIG_PAGE - 1)
    expect(end).not.toBeNull()
    expect(end!.heights).toEqual([40])
    // below the last row only the horizontal scroll bar
    expect(end!.gap).toBeGreaterThanOrEqual(0)
    expect(end!.gap).toBeLessThanOrEqual(20)
    await settledShot('transports-100k-end')
  }, 400_000)
})

describe('screens', () => {
  it('fits 1366×768 and 1920×1080', async () => {
    for (const [w, h] of [[1366, 768], [1920, 1080]] as const) {
      await page.setViewportSize({ width: w, height: h })
      await page.goto('/by_agent/index')
      await gridRow('E2E结算plain').waitFor()
      await settledShot(`transports-grid-${w}`)
      await page.goto(`/traceDetail/index?id=${made.both!.id}`)
      await page.getByTestId('sign-block').waitFor()
      await settledShot(`transports-detail-${w}`)
      await page.goto(`/editTraceDetail/index?id=${made.split!.id}`)
      await page.getByTestId('destinations').waitFor()
      await settledShot(`transports-edit-${w}`)
    }
  })
})

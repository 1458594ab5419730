/**
 * 运单列表 as a headquarters user uses it, on transports made through the API from the fixture
 * tickets (transportFixtures.ts): the columns, row colours by danger level, the actions by status, a
 * proof picture, an expanded row's destinations, selection, a column moved and resized and the layout
 * restored after a reload, the toolbar's dialogs, the filters. Screenshots go to /tmp/shots/transports-*.png.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DANGER_LEVELS, type DangerLevel } from '@app/contract'
import { DANGER_MARKS } from '../web/src/pages/transports/dangerMarks'
import { chooseOption, dialogNamed, dialogOpened, optionList } from './browser'
import { gridRowOf, gridRows, settledShot, useTransports } from './transportFixtures'

const t = useTransports()
let page: Page
let token: string
const { env, made, pageErrors, figures, transport } = t
beforeAll(() => {
  page = t.page
  token = t.token
})

const gridRow = (text: string) => gridRowOf(page, text)
/** The grid's header row (the one with the 操作 column header). */
const headerRow = () => page.getByRole('row').filter({ has: page.getByRole('columnheader', { name: '操作' }) })
const headerTitles = () => headerRow().evaluate((tr) => Array.from((tr as HTMLTableRowElement).cells, (c) => c.innerText))
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
  it('lists the transports with the spec\'s columns (as this user turned them on), each row marked by its danger level, and the legend', async () => {
    await gridRow('E2E结算plain').waitFor()
    const titles = (await headerTitles()).filter(Boolean)
    expect(titles.join('|')).toMatch(/上传时间\|发货时间\|收货时间\|承运单位\|车牌号\|生产厂家\|收货单位\|收货地址\|结算单位\|商品名称\|发货净重\(吨\)\|收货净重\(吨\)\|磅差\(吨\)\|水泥编号\|购货单位\|签收人\|发货单号\|收货单号\|袋数\|备注\|毛重\|皮重\|发货票据\|收货票据\|操作/)
    for (const level of [1, 2, 3] as DangerLevel[]) await page.getByTestId('danger-legend').getByText(DANGER_LEVELS[level].label, { exact: true }).waitFor()

    const levels = Object.fromEntries(Object.entries(made).map(([n, t]) => [n, t.dangerLevel]))
    // the figures chosen above: a pound difference of 3 t, a gross weight 3 t off its reading, both
    expect(levels).toMatchObject({ plain: null, pound: 1, modified: 2, both: 3 })
    // a marked row: a pale tint of the level's colour and a left edge in its strong colour
    const tints = Object.values(DANGER_MARKS).map((m) => rgb(m.tint))
    for (const name of ['plain', 'pound', 'modified', 'both', 'split']) {
      const row = gridRow(`E2E结算${name}`)
      const level = levels[name] as DangerLevel | null
      const bg = () => row.evaluate((el) => getComputedStyle(el).backgroundColor)
      // polled: a row's background is animated (hover, selection)
      if (level) {
        await expect.poll(bg, { message: name }).toBe(rgb(DANGER_MARKS[level].tint))
        expect(await row.evaluate((el) => getComputedStyle(el).boxShadow), name).toContain(`${rgb(DANGER_MARKS[level].edge)} 4px 0px 0px 0px inset`)
      } else expect(tints, name).not.toContain(await bg())
    }
    // weights with two decimals, the proof pictures as thumbnails
    const pound = made.pound!
    await gridRow('E2E结算pound').getByText(pound.poundDiff!.toFixed(2), { exact: true }).waitFor()
    await gridRow('E2E结算plain').locator('img[alt="发货票据"]').waitFor()
    await gridRow('E2E结算plain').locator('img[alt="收货票据"]').waitFor()
    await settledShot(page, 'transports-grid')
  })

  it('offers the actions by status and opens a proof picture', async () => {
    await openGrid()
    const tempRow = gridRow(String(made.temp!.deliveryNumber))
    expect(await tempRow.getByRole('link').or(tempRow.getByRole('button')).allInnerTexts()).toEqual(['继续上传', '删除'])
    expect(await gridRow('E2E结算plain').getByRole('link').or(gridRow('E2E结算plain').getByRole('button')).allInnerTexts())
      .toEqual(['编辑', '查看', '原始数据', '删除'])
    // the pictures are the last columns: scroll the grid to its right end first
    const body = (await page.getByTestId('grid-body').boundingBox())!
    await page.mouse.move(body.x + body.width / 2, body.y + 40)
    await page.mouse.wheel(4000, 0)
    await page.waitForTimeout(300)
    // the picture's frame: its 预览 mask lies over the picture
    await gridRow('E2E结算plain').getByAltText('发货票据').locator('..').click()
    const preview = page.getByRole('dialog').getByAltText('发货票据')
    await preview.waitFor()
    await settledShot(page, 'transports-preview')
    await page.keyboard.press('Escape')
    await preview.waitFor({ state: 'hidden' })
  })

  it('expands a row into its extra destinations', async () => {
    await openGrid()
    const row = gridRow('E2E结算split')
    await row.getByRole('button', { name: '展开行' }).click()
    const child = page.getByTestId('destinations')
    await child.getByText('第二收货地').waitFor()
    await child.getByText('E2E二号工地').waitFor()
    await child.getByText('8.50', { exact: true }).waitFor()
    // a transport without extra destinations has nothing to expand
    expect(await gridRow('E2E结算plain').getByRole('button', { name: '展开行' }).count()).toBe(0)
    // the rows below make room for the destinations: none is drawn over them
    const rows = gridRows(page)
    const tops = async () => (await rows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-row-key'), e.getBoundingClientRect().top] as const)))
    const detail = (await page.getByTestId('grid-row-detail').boundingBox())!
    const splitTop = (await row.boundingBox())!.y
    const below = (await tops()).filter(([, top]) => top > splitTop)
    expect(below.length).toBeGreaterThan(0)
    for (const [, top] of below) expect(top).toBeGreaterThanOrEqual(Math.floor(detail.y + detail.height))
    await settledShot(page, 'transports-expanded')
    await row.getByRole('button', { name: '关闭行' }).click()
    // closed: the rows are back one under the other
    await page.getByTestId('grid-row-detail').waitFor({ state: 'detached' })
    const after = (await tops()).map(([, top]) => top).sort((a, b) => a - b)
    expect(after.slice(1).map((t, i) => Math.round(t - after[i]!))).toEqual(after.slice(1).map(() => 40))
  })

  it('selects rows one by one and all at once; the selection bar\'s 发送短信 then asks about the selected ones', async () => {
    await openGrid()
    const all = page.getByRole('checkbox', { name: '全选' })
    const bar = page.getByTestId('selection-bar')
    await gridRow('E2E结算pound').getByRole('checkbox', { name: '选择' }).check()
    await expect.poll(() => all.evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(true)
    await expect.poll(() => gridRow('E2E结算pound').getAttribute('aria-selected')).toBe('true')
    await bar.getByRole('button', { name: '发送短信' }).click()
    await page.getByText('确定向所选 1 条运单中磅差超标运单的承运单位发送短信吗？').waitFor()
    await page.getByRole('button', { name: /取\s*消/ }).click()
    await all.check()
    const count = Object.keys(made).length
    await expect.poll(() => page.getByTestId('grid-body').getByRole('row', { selected: true }).count()).toBe(count)
    await bar.getByRole('button', { name: '发送短信' }).click()
    await page.getByText(`确定向所选 ${count} 条运单中磅差超标运单的承运单位发送短信吗？`).waitFor()
    await page.getByRole('button', { name: /取\s*消/ }).click()
    await all.uncheck()
    await expect.poll(() => page.getByTestId('grid-body').getByRole('row', { selected: true }).count()).toBe(0)
  })

  it('moves and resizes a column; the layout is saved for the user and restored after a reload', async () => {
    await openGrid()
    // a movable column's header is a (sortable) button
    const header = (title: string) => headerRow().getByRole('button', { name: title, exact: true })
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
    // the resize handle has no name or role of its own: its (CSS module) class finds it
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
    await settledShot(page, 'transports-layout-restored')

    // the layout is this user's alone, on the server
    const setting = await env.server.api.call<{ order: string[]; hidden: string[]; widths: Record<string, number> }>('GET', '/users/settings/transportGrid', undefined, token)
    expect(setting.body.data.order[0]).toBe('deliveryCarrier')
    expect(setting.body.data.hidden).toContain('deliveryPlateNumber')
    expect(setting.body.data.widths.deliveryTimeStr).toBeGreaterThan(220)
  })

  it('opens the toolbar\'s dialogs (loaded when first needed): a data export shown in the preview, the statement, the tolerances', async () => {
    await openGrid()
    await page.getByRole('button', { name: /导出数据/ }).click()
    const columns = dialogNamed(page, '选择导出列')
    // a click while the dialog still opens can land on nothing
    await dialogOpened(columns)
    await columns.getByRole('button', { name: /导\s*出/ }).click()
    const preview = dialogNamed(page, /^预览：/)
    await preview.getByRole('table').getByText('E2E结算plain').waitFor()
    await settledShot(page, 'transports-export-preview')
    await preview.getByRole('button', { name: /关\s*闭|取\s*消/ }).first().click()
    await preview.waitFor({ state: 'hidden' })

    await page.getByRole('button', { name: /导出对账单/ }).click()
    const statement = dialogNamed(page, '导出对账单')
    await statement.getByText('对账期间').first().waitFor()
    await statement.getByRole('button', { name: /取\s*消/ }).click()
    await statement.waitFor({ state: 'hidden' })

    await page.getByRole('button', { name: /磅差容差/ }).click()
    const tolerance = dialogNamed(page, '磅差容差（按结算单位）')
    await tolerance.waitFor()
    await tolerance.getByRole('button', { name: 'Close' }).click()
    await tolerance.waitFor({ state: 'hidden' })
    expect(pageErrors).toEqual([])
  })

  it('filters with suggestions and resets', async () => {
    await openGrid()
    const filters = page.getByTestId('transport-filters')
    // the suggestion inputs are not tied to their labels (no id reaches them): a field is the input of its label's form row
    const input = (label: string) => filters.getByText(label, { exact: true }).locator('xpath=ancestor::*[.//input][1]').getByRole('combobox')
    // the form opens folded to its first row
    expect(await input('结算单位').isVisible()).toBe(false)
    await filters.getByText('展开').click()
    // a text filter offers the base's values
    await input('承运单位').click()
    await (await optionList(input('承运单位'))).waitFor()
    await input('承运单位').fill('万里')
    await (await optionList(input('承运单位'))).getByText('万里通物流有限公司').waitFor()
    await settledShot(page, 'transports-suggestions')
    await input('承运单位').fill('')
    await input('结算单位').fill('E2E结算pound')
    await page.getByRole('button', { name: /查\s*询/ }).click()
    await expect.poll(() => gridRows(page).count()).toBe(1)
    await gridRow('E2E结算pound').waitFor()
    await page.getByRole('button', { name: /清\s*空/ }).click()
    await expect.poll(() => gridRows(page).count()).toBe(Object.keys(made).length)
  })
})

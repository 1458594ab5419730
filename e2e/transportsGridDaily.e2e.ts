/**
 * 运单列表 as a new user sees it day to day, on the fixture transports (transportFixtures.ts, with the
 * grid's default columns): what operators check fits 1440 pixels without scrolling sideways, 基地 only
 * for headquarters, the filters and the page kept in the address through 查看 and back and a reload,
 * 上传票据, the selection bar, and cards on a phone. Screenshots go to /tmp/shots/transports-*.png.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { dialogNamed, dialogOpened } from './browser'
import { gridRows, settledShot, useTransports } from './transportFixtures'

const t = useTransports({ defaultColumns: true })
let page: Page
const { env, made, pageErrors } = t
beforeAll(() => {
  page = t.page
})

const BASE = { name: '日常运单基地', contactor: '钱经理', phone: '13600002222', domain: 'daily-grid', password: 'Base@12345' }
const DEFAULT_TITLES = ['车牌号', '发货时间', '收货时间', '承运单位', '发货净重(吨)', '收货净重(吨)', '磅差(吨)', '状态']

/** The grid's row of the fixture transport `name` (its settlement unit is not among the default columns). */
const rowOf = (p: Page, name: string) => p.getByTestId('grid-body').locator(`[data-row-key="${made[name]!.id}"]`)
const headerTitles = (p: Page) => p.getByRole('row').filter({ has: p.getByRole('columnheader', { name: '操作' }) })
  .evaluate((tr) => Array.from((tr as HTMLTableRowElement).cells, (c) => c.innerText).filter(Boolean))

async function openGrid(p = page, search = '') {
  await p.goto(`/by_agent/index${search}`)
  await gridRows(p).first().waitFor()
}

describe('运单列表：日常使用', () => {
  it('shows what operators check at 1440×900 without scrolling sideways, 磅差 marked when over tolerance; the other columns are one click away', async () => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await openGrid()
    expect(await headerTitles(page)).toEqual([...DEFAULT_TITLES, '基地', '操作'])
    const body = page.getByTestId('grid-body')
    const { scrollWidth, clientWidth } = await body.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }))
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
    // the status is there to read, not only the row's colour
    await rowOf(page, 'plain').getByText('上传完成', { exact: true }).waitFor()
    await rowOf(page, 'temp').getByText('暂存', { exact: true }).waitFor()
    // over tolerance: the 磅差 cell has the warning icon beside the value, in bold red
    const pound = rowOf(page, 'pound').getByText(made.pound!.poundDiff!.toFixed(2))
    await pound.getByRole('img', { name: 'warning' }).waitFor()
    expect(await pound.evaluate((el) => [getComputedStyle(el).fontWeight, getComputedStyle(el).color])).toEqual(['600', 'rgb(207, 19, 34)'])
    // a weight changed by hand: the edit icon
    await rowOf(page, 'modified').getByRole('img', { name: 'edit' }).waitFor()
    await page.getByTestId('danger-legend').getByText('：人工修改重量超过限额').waitFor()
    await settledShot(page, 'transports-default')

    await page.getByRole('button', { name: '列设置' }).click()
    const settings = page.getByTestId('column-settings')
    const upload = settings.getByRole('checkbox', { name: '上传时间' })
    expect(await upload.isChecked()).toBe(false)
    await upload.check()
    await expect.poll(() => headerTitles(page)).toContain('上传时间')
    await settings.getByRole('button', { name: '重置' }).click()
    await expect.poll(() => headerTitles(page)).toEqual([...DEFAULT_TITLES, '基地', '操作'])
    await page.keyboard.press('Escape')
  })

  it('shows 基地 by default to headquarters only', async () => {
    const { api } = env.server
    const hq = await api.token()
    await api.createBase(BASE, hq)
    const p = await env.signIn(BASE, { landing: '**/by_agent/index', viewport: { width: 1440, height: 900 } })
    await p.getByRole('columnheader', { name: '操作' }).waitFor()
    expect(await headerTitles(p)).toEqual([...DEFAULT_TITLES, '操作'])
  })

  it('keeps the filters and the page in the address: 查看 and back, and a reload, land on the same filtered page', async () => {
    await openGrid(page, '?size=3')
    const filters = page.getByTestId('transport-filters')
    await filters.getByText('展开').click()
    await filters.getByLabel('结算单位').fill('E2E结算')
    await page.getByRole('button', { name: /查\s*询/ }).click()
    await page.waitForURL((u) => u.searchParams.get('signSettlement') === 'E2E结算' && u.searchParams.get('size') === '3')
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click()
    await page.waitForURL((u) => u.searchParams.get('page') === '2')
    // five transports have a settlement unit: page 2 of 3 a page holds two
    await expect.poll(() => gridRows(page).count()).toBe(2)
    const onPage = await gridRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')))
    const address = page.url()

    await gridRows(page).first().getByRole('link', { name: '查看' }).click()
    await page.waitForURL('**/traceDetail/index?id=*')
    await page.goBack()
    await page.waitForURL(address)
    await expect.poll(() => gridRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')))).toEqual(onPage)
    expect(await filters.getByLabel('结算单位').inputValue()).toBe('E2E结算')
    await page.locator('.ant-pagination-item-active').getByText('2', { exact: true }).waitFor()
    // the next row of the same page
    await gridRows(page).nth(1).getByRole('link', { name: '查看' }).click()
    await page.waitForURL(`**/traceDetail/index?id=${onPage[1]}`)
    await page.goBack()

    await page.reload()
    await expect.poll(() => gridRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')))).toEqual(onPage)
    expect(await filters.getByLabel('结算单位').inputValue()).toBe('E2E结算')
    await page.getByRole('button', { name: /清\s*空/ }).click()
    await page.waitForURL((u) => !u.searchParams.has('signSettlement') && !u.searchParams.has('page'))
  })

  it('leads to the upload page from the toolbar\'s 上传票据', async () => {
    await openGrid()
    const upload = page.getByRole('button', { name: '上传票据' })
    expect(await upload.getAttribute('class')).toContain('ant-btn-primary')
    await upload.click()
    await page.waitForURL('**/upload/index')
  })

  it('shows the selected rows\' bar: 已选 N 条, 导出所选 of just those, 清除', async () => {
    await openGrid()
    const bar = page.getByTestId('selection-bar')
    expect(await bar.count()).toBe(0)
    await rowOf(page, 'plain').getByRole('checkbox', { name: '选择' }).check()
    await rowOf(page, 'pound').getByRole('checkbox', { name: '选择' }).check()
    await bar.getByText('已选 2 条').waitFor()
    // the legend makes room for it
    expect(await page.getByTestId('danger-legend').count()).toBe(0)

    await bar.getByRole('button', { name: '导出所选' }).click()
    const columns = dialogNamed(page, '选择导出列（所选 2 条运单）')
    // a click while the dialog still opens can land on nothing
    await dialogOpened(columns)
    await columns.getByRole('button', { name: /导\s*出/ }).click()
    const preview = dialogNamed(page, /^预览：/)
    const sheet = preview.getByRole('table')
    await sheet.getByText('E2E结算plain').waitFor()
    await sheet.getByText('E2E结算pound').waitFor()
    expect(await sheet.getByText(/^E2E结算/).count()).toBe(2)
    await preview.getByRole('button', { name: /关\s*闭|取\s*消/ }).first().click()
    await preview.waitFor({ state: 'hidden' })

    await bar.getByRole('button', { name: '清除' }).click()
    await bar.waitFor({ state: 'detached' })
    await page.getByTestId('danger-legend').waitFor()
    expect(await page.getByTestId('grid-body').getByRole('row', { selected: true }).count()).toBe(0)
  })

  it('shows the rows as cards on a phone (390×844), with the weights, 磅差, status and actions, paged', async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    try {
      await page.goto('/by_agent/index')
      const cards = page.getByTestId('grid-cards')
      const card = cards.locator(`[data-row-key="${made.pound!.id}"]`)
      await card.waitFor()
      expect(await page.getByTestId('grid-body').count()).toBe(0)
      expect(await cards.locator('article').count()).toBe(Object.keys(made).length)
      for (const label of ['发货时间', '收货时间', '发货净重(吨)', '收货净重(吨)', '磅差(吨)']) await card.getByText(label, { exact: true }).waitFor()
      await card.getByText('上传完成', { exact: true }).waitFor()
      await card.getByRole('img', { name: 'warning' }).waitFor()
      await card.getByRole('link', { name: '查看' }).waitFor()
      await card.getByRole('button', { name: '删除' }).waitFor()
      await cards.getByText(`共 ${Object.keys(made).length} 条`).waitFor()
      // nothing runs off the side
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await card.getByRole('checkbox', { name: '选择' }).check()
      await page.getByTestId('selection-bar').getByText('已选 1 条').waitFor()
      await settledShot(page, 'transports-phone')
      // the toolbar above the cards
      await page.evaluate(() => window.scrollTo(0, 0))
      await settledShot(page, 'transports-phone-top')
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 })
    }
  })
})

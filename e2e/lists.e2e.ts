/**
 * The list screens as a user meets them day to day: a filtered, paged list (系统日志) survives a trip to
 * another page through the tab bar, the browser's back and a reload; the filters in force show as tags;
 * the fixed 操作 column covers no text at 1440×900 (bases, users, receipt formats); on a phone the rows
 * are cards, with no tab bar or breadcrumb. Screenshots go to $E2E_SHOTS_DIR/lists-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { chooseOption, openMenu, searchForm, shot, signedInPage, tableRows } from './browser'
import { ADMIN, useServerAndBrowser } from './server'

const env = useServerAndBrowser()
let context: BrowserContext
let page: Page
const pageErrors: string[] = []

beforeAll(async () => {
  const token = await env.server.api.token()
  // 25 告警 (newest first in the list: 告警25 … 告警1) and 5 plain entries
  for (let i = 1; i <= 30; i++) {
    const body = i <= 5 ? { errorMes: `普通日志${i}`, level: 0 } : { errorMes: `磅房告警${i - 5}`, level: 1 }
    const res = await env.server.api.call('POST', '/log/save', body, token)
    expect(res.body.code).toBe(200)
  }
  context = await env.context()
  page = await signedInPage(context, ADMIN, pageErrors)
  await page.setViewportSize({ width: 1440, height: 900 })
})

afterAll(async () => {
  expect(pageErrors).toEqual([])
  await context?.close()
})

const tabBar = () => page.getByRole('region', { name: '已打开的页面' })
/** the titles of the tab bar's tabs (each a button; its × is a button named 关闭 <title>) */
const tabTitles = () => tabBar().locator('button:not([aria-label])').allTextContents()
const query = () => new URL(page.url()).searchParams
/** the 2nd page of 告警, 10 a page: 告警15 … 告警6 */
async function expectSecondPageOfAlarms() {
  await expect.poll(() => tableRows(page).first().textContent()).toContain('磅房告警15')
  await expect.poll(() => tableRows(page).count()).toBe(10)
  await expect.poll(() => searchForm(page).getByTitle('告警').count()).toBe(1)
  await expect.poll(() => page.getByTestId('filter-tags').textContent()).toContain('类型: 告警')
  expect(await tableRows(page).filter({ hasText: '普通日志' }).count()).toBe(0)
}

describe('a filtered list comes back as it was left', () => {
  it('keeps the filters, page and page size through the tab bar, back and a reload', async () => {
    await openMenu(page, null, '日志列表')
    await page.waitForURL('**/log/index')
    await tableRows(page).first().waitFor()
    await chooseOption(searchForm(page).getByRole('combobox').first(), '告警')
    await searchForm(page).getByRole('button', { name: /查\s*询/ }).click()
    await expect.poll(() => query().get('level')).toBe('1')
    await page.locator('.ant-pagination-options .ant-select-selector').click()
    await page.locator('.ant-select-item-option').filter({ hasText: '10 条/页' }).click()
    await expect.poll(() => query().get('size')).toBe('10')
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click()
    await expect.poll(() => query().get('page')).toBe('2')
    await expectSecondPageOfAlarms()
    await shot(page, 'lists-log-filtered')

    // to another page and back through the tab bar
    await openMenu(page, '票据配置', '票据格式')
    await page.waitForURL('**/bill/index')
    await expect.poll(() => tabTitles()).toEqual(['运单列表', '日志列表', '票据格式'])
    await shot(page, 'lists-tabs')
    await tabBar().getByRole('button', { name: '日志列表', exact: true }).click()
    await page.waitForURL('**/log/index?*')
    expect(Object.fromEntries(query())).toEqual({ level: '1', page: '2', size: '10' })
    await expectSecondPageOfAlarms()

    // a 查看 elsewhere and the browser's back
    await openMenu(page, '票据配置', '票据格式')
    await page.waitForURL('**/bill/index')
    await page.goBack()
    await page.waitForURL('**/log/index?*')
    await expectSecondPageOfAlarms()

    await page.reload()
    await expectSecondPageOfAlarms()
  })

  it('closes a tab (not the home page’s) and the filter tags clear the list', async () => {
    const closeTab = (title: string) => tabBar().getByRole('button', { name: `关闭 ${title}` })
    await closeTab('票据格式').click()
    await expect.poll(() => tabTitles()).toEqual(['运单列表', '日志列表'])
    expect(await closeTab('运单列表').count()).toBe(0)
    expect(page.url()).toContain('/log/index')

    await page.getByTestId('filter-tags').getByText('清空').click()
    await expect.poll(() => query().toString()).toBe('size=10')
    await expect.poll(() => page.getByTestId('filter-tags').count()).toBe(0)
    // all 30 entries again, the plain ones too
    await expect.poll(() => page.getByText('共 30 条').count()).toBe(1)
  })
})

describe('the fixed 操作 column', () => {
  /** The non-fixed cells of the first rows reaching past the 操作 column's left edge (the table scrolled to its start). */
  const cellsUnderActions = () => page.evaluate(() => {
    const fixed = document.querySelector('thead th.ant-table-cell-fix-right')
    if (!fixed) return ['no fixed 操作 column']
    const left = fixed.getBoundingClientRect().left
    return Array.from(document.querySelectorAll('tbody tr.ant-table-row')).slice(0, 5).flatMap((tr) =>
      Array.from(tr.querySelectorAll('td:not(.ant-table-cell-fix-right)'))
        .filter((td) => td.getBoundingClientRect().right > left + 1)
        .map((td) => td.textContent ?? ''))
  })

  for (const [section, item, path] of [['基地管理', '基地列表', '/agent/index'], ['用户管理', '用户列表', '/user/index'], ['票据配置', '票据格式', '/bill/index']]) {
    it(`covers no cell of ${item} at 1440×900`, async () => {
      await openMenu(page, section!, item!)
      await page.waitForURL(`**${path}`)
      await tableRows(page).first().waitFor()
      await expect.poll(cellsUnderActions).toEqual([])
      await shot(page, `lists-fixed-${path!.split('/')[1]}`)
    })
  }
})

describe('on a phone', () => {
  it('shows the rows as cards, paging below, without the tab bar and the breadcrumb', async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/log/index?level=1&size=10')
    const cards = page.getByTestId('list-cards')
    await expect.poll(() => cards.locator('.ant-card').count()).toBe(10)
    const first = cards.locator('.ant-card').first()
    await expect.poll(() => first.textContent()).toContain('磅房告警25')
    expect(await first.getByText('内容', { exact: true }).count()).toBe(1)
    expect(await first.locator('.ant-card-actions').getByText('编辑').count()).toBe(1)
    expect(await page.locator('table tbody tr.ant-table-row').count()).toBe(0)
    expect(await tabBar().count()).toBe(0)
    expect(await page.locator('.ant-breadcrumb').count()).toBe(0)
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click()
    await expect.poll(() => first.textContent()).toContain('磅房告警15')
    await shot(page, 'lists-phone-log')
    await page.setViewportSize({ width: 1440, height: 900 })
  })
})

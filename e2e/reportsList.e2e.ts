/**
 * 检验登记's list on a 1440x900 screen: 状态 and 检验结果 come right after the plate, the default
 * columns fit without sideways scrolling (a base and headquarters), the rarely read ones are one click
 * away in 列设置, and the remembered 状态 filter stays in sight in the folded search form after a reload.
 * Screenshots go to the shots folder (reports-list-*.png).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { chooseOption, searchForm, shot, tableRow, tableRows } from './browser'
import { ADMIN, type SignInAs, useServerAndBrowser } from './server'

const env = useServerAndBrowser()
const BASE = { name: '列表检验基地', contactor: '黄忠', phone: '13655580001', domain: 'insp-list', password: 'Base@2026' }
// a full page of 10 and one more: the page is as tall as a desk sees it (a vertical scroll bar takes its width)
const PLATES = Array.from({ length: 11 }, (_, i) => `苏F300${String(i + 1).padStart(2, '0')}`)
const VOIDED = PLATES[10]!

const signIn = (user: SignInAs) => env.signIn(user, { redirect: '/trace/index', viewport: { width: 1440, height: 900 } })

beforeAll(async () => {
  const { api } = env.server
  const hq = await api.token()
  const call = <T>(method: string, path: string, body: unknown, token = hq) => api.data<T>(method, path, body, token)
  await api.createBase(BASE, hq)
  const token = await api.token(BASE.phone, BASE.password)
  for (const [i, plate] of PLATES.entries()) {
    const { id } = await call<{ id: number }>('POST', '/report/saveFirst', {
      licenseNumber: plate, tankerType: '常压车辆', org: '列表运输有限公司', contactName: `司机${i + 1}`, phone: `139000030${String(i).padStart(2, '0')}`,
      latestMaterial: '柴油', outdate: '2030-01-01',
    }, token)
    if (plate === VOIDED) await call('POST', `/report/cancel/${id}`, undefined, token)
  }
})

/** the list's header texts, left to right */
const headers = (page: Page) => page.locator('.ant-table-thead').first().getByRole('columnheader')
  .evaluateAll((ths) => ths.map((th) => (th.textContent ?? '').trim()).filter(Boolean))
/** how far the table (and the page) could scroll sideways */
const sidewaysScroll = (page: Page) => page.evaluate(() => {
  const box = document.querySelector('.ant-table-content, .ant-table-body') as HTMLElement
  return { table: box.scrollWidth - box.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth }
})

async function expectFittingList(page: Page, name: string) {
  await tableRow(page, VOIDED).waitFor()
  expect(await tableRows(page).count()).toBe(10)
  const titles = await headers(page)
  const plate = titles.indexOf('车牌号')
  expect(titles.slice(plate, plate + 3)).toEqual(['车牌号', '状态', '检验结果'])
  // the rarely read columns start hidden
  for (const hidden of ['电话', '罐体编号', '最近装载介质', '检验负责人', '现场照片']) expect(titles).not.toContain(hidden)
  await shot(page, name)
  expect(await sidewaysScroll(page)).toEqual({ table: 0, page: 0 })
}

describe('检验登记 at 1440x900', () => {
  it('a base sees 状态 and 检验结果 after the plate, the default columns without sideways scrolling, and 电话 one click away, masked until revealed', async () => {
    const page = await signIn(BASE)
    await expectFittingList(page, 'reports-list-base')
    await page.getByRole('img', { name: 'setting' }).click()
    const settings = page.locator('.ant-pro-table-column-setting-overlay')
    await settings.getByText('电话', { exact: true }).click()
    await page.keyboard.press('Escape')
    expect(await headers(page)).toContain('电话')
    // masked, and whole after the eye (a base admin may; the server logs it)
    await tableRow(page, PLATES[10]!).getByText('139****3010').waitFor()
    await tableRow(page, PLATES[10]!).getByRole('button', { name: '查看完整手机号' }).click()
    await tableRow(page, PLATES[10]!).getByText('13900003010').waitFor()
    await shot(page, 'reports-list-phone-shown')
  })

  it('the remembered 状态 filter stays in sight in the folded search form after a reload', async () => {
    const page = await signIn(BASE)
    await tableRow(page, VOIDED).waitFor()
    const form = searchForm(page)
    // folded: the form still has a 展开 link, and 状态 is in the row shown
    await form.getByText('展开').waitFor()
    const status = form.getByLabel('状态', { exact: true })
    expect(await status.isVisible()).toBe(true)
    await chooseOption(status, '作废')
    await form.getByRole('button', { name: /查\s*询/ }).click()
    await expect.poll(() => tableRows(page).count()).toBe(1)
    await page.reload()
    await tableRow(page, VOIDED).waitFor()
    expect(await tableRows(page).count()).toBe(1)
    await form.getByText('展开').waitFor()
    const chosen = form.locator('.ant-form-item').filter({ has: page.getByLabel('状态', { exact: true }) }).locator('.ant-select-selection-item')
    await expect.poll(() => chosen.textContent()).toBe('作废')
    expect(await chosen.isVisible()).toBe(true)
    await shot(page, 'reports-list-remembered-status')
  })

  it('headquarters sees the same order and fitting columns, with the base column', async () => {
    const page = await signIn(ADMIN)
    await expectFittingList(page, 'reports-list-hq')
    expect(await headers(page)).toContain('所属基地')
  })
})

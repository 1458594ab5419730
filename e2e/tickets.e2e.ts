/**
 * 票据格式, 取值规则 with the rule tester, and 日志, as an admin uses them.
 * Screenshots go to /tmp/shots/tickets-*.png.
 */
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import {
  columnTexts, confirmIn, dialogOpened, launchBrowser, menuEntry, newContext, openMenu, openSelect, optionList, popconfirmOf, searchForm, shot, signedInPage,
  tableRow, tableRows, toastOf,
} from './browser'
import { FIXTURES } from '../server/test/ocr/accuracy'
import { ADMIN, startServer, type TestServer } from './server'

/** a ticket of the fixtures the server's OCR tests read */
const FIXTURE_PATH = path.join(FIXTURES, 'tickets/A1_000.jpg')
/** a photo read by the server's OCR: seconds on a quiet machine, minutes on one busy with other work */
const READ_TIMEOUT = 5 * 60_000
const DELETE_FORMAT_CONFIRM = '是否确定删除该票据格式，如果删除该票据格式，该票据格式下所有取值规则将会被删除。'

let server: TestServer
let browser: Browser
let context: BrowserContext
let page: Page
let token: string
/** uncaught errors in the page (none expected) */
const pageErrors: string[] = []

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  token = await server.api.token()
  context = await newContext(browser, server.url)
  page = await signedInPage(context, ADMIN, pageErrors)
})

afterAll(async () => {
  expect(pageErrors).toEqual([])
  await context?.close()
  await browser?.close()
  await server?.stop()
})

/** The table row (of the page's ProTable) holding this text. */
const row = tableRow
/** Screenshot once pop-ups and spinners finished their animations. */
async function settledShot(p: Page, name: string) {
  await p.waitForTimeout(450)
  await shot(p, name)
}
const toast = toastOf

/** Picks the option holding `option` of a select (its combobox), typing `search` into it first when it is searchable. */
async function pick(combobox: Locator, search: string, option: string | RegExp) {
  await openSelect(combobox)
  if (await combobox.isEditable()) await combobox.fill(search)
  await (await optionList(combobox)).getByText(option).filter({ visible: true }).first().click()
}
/** The table's column titles, in their order. */
const headerText = async (page: Page) => (await page.getByRole('columnheader').allInnerTexts()).join('|')

describe('票据格式', () => {
  const name = `E2E格式${Date.now() % 100000}`

  it('adds a format, lists it, keeps id 3 undeletable and deletes the new one after the confirmation', async () => {
    await openMenu(page, '票据配置', '票据格式')
    await page.waitForURL('**/bill/index')
    await page.getByRole('columnheader', { name: '匹配规则' }).waitFor()
    await row(page, '通用票据（兜底）').waitFor()
    expect(await headerText(page)).toMatch(/名称.*类型.*匹配规则.*权重.*排除关键字.*必填字段.*取值规则.*描述.*创建时间.*操作/)
    await shot(page, 'tickets-formats')

    // 导出 downloads the formats as xlsx
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()])
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
    await toast(page, '下载成功').waitFor()

    // the fallback format cannot be deleted
    const fallback = row(page, '通用票据（兜底）')
    expect(await fallback.getByRole('button', { name: '删除' }).isDisabled()).toBe(true)
    await fallback.getByRole('button', { name: '删除' }).hover({ force: true })
    await page.getByRole('tooltip').getByText('系统默认的兜底格式，不能删除').waitFor()
    await page.mouse.move(0, 0)

    // the form checks like the server
    await page.getByRole('button', { name: /新\s*增/ }).click()
    const dialog = page.getByRole('dialog', { name: '新增票据格式' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await dialog.getByText('票据格式名称不能为空').waitFor()
    await dialog.getByLabel('名称').fill(name)
    await dialog.getByLabel('匹配规则').fill('E2E专用单|测试票')
    await dialog.getByLabel('权重').fill('10001')
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await dialog.getByText('权重不能大于10000').waitFor()
    await dialog.getByLabel('权重').fill('15')
    await dialog.getByLabel('排除关键字').fill('作废')
    // required fields follow the type: 收货单 fields after switching the type
    await dialog.getByText('收货单', { exact: true }).click()
    await pick(dialog.getByLabel('必填字段'), '收货净重', '收货净重')
    await dialog.getByText('发货单', { exact: true }).click()
    expect(await dialog.getByTitle('收货净重').count()).toBe(0) // 收货净重 went with the type
    await pick(dialog.getByLabel('必填字段'), '发货净重', '发货净重')
    await page.keyboard.press('Escape')
    await dialog.getByLabel('描述').fill('端到端测试用')
    await settledShot(page, 'tickets-format-form')
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await toast(page, '创建成功').waitFor()
    await dialog.waitFor({ state: 'hidden' })

    // listed, and found by name
    await page.getByLabel('名称').first().fill(name)
    await page.getByRole('button', { name: /查\s*询/ }).click()
    const created = row(page, name)
    await created.waitFor()
    await expect.poll(() => tableRows(page).count()).toBe(1)
    expect(await created.textContent()).toContain('发货净重')
    expect(await created.textContent()).toContain('E2E专用单|测试票')
    expect(await created.textContent()).toContain('0 条')

    // delete with the spec's confirmation
    await created.getByRole('button', { name: '删除' }).click()
    const confirm = popconfirmOf(page)
    await confirm.getByText(DELETE_FORMAT_CONFIRM).waitFor()
    await confirm.getByText('提示', { exact: true }).waitFor()
    await settledShot(page, 'tickets-format-delete')
    await confirm.getByRole('button', { name: /确\s*定/ }).click()
    await toast(page, '删除成功').waitFor()
    await page.getByText('暂无票据格式').waitFor()

    const left = await server.api.call<{ data: { name: string }[] }>('POST', '/receiptFormat/find/', { page: 1, size: 100 }, token)
    expect(left.body.data.data.map((f) => f.name)).not.toContain(name)
    expect(left.body.data.data.map((f) => f.name)).toContain('通用票据（兜底）')
  })
})

describe('取值规则 and the rule tester', { timeout: 2 * READ_TIMEOUT }, () => {
  it('opens the rules of a format, adds a rule tried live on pasted text and on a photo, then deletes it', async () => {
    await page.goto('/bill/index')
    await page.getByTestId('rule-count-1').click()
    await page.waitForURL((u) => u.pathname === '/bill/rule' && u.searchParams.get('receiptFormatId') === '1')
    await page.getByTestId('rule-filter-format').filter({ hasText: '水泥发货单' }).waitFor()
    await row(page, '发货净重').first().waitFor()
    const names = await columnTexts(page, '票据格式')
    expect(names.length).toBeGreaterThan(0)
    expect(new Set(names)).toEqual(new Set(['水泥发货单']))
    await shot(page, 'tickets-rules')

    await page.getByRole('button', { name: /新\s*增/ }).click()
    const dialog = page.getByRole('dialog', { name: '新增取值规则' })
    await dialog.waitFor()
    // the list's format is preselected, the fields are the delivery note's
    await dialog.getByTitle('水泥发货单（发货单）').waitFor()
    await pick(dialog.getByLabel('字段', { exact: true }), '承运', '承运单位（deliveryCarrier）')
    await dialog.getByLabel('字段名称').fill('承运单位')
    await dialog.getByLabel('名称表达式').fill('承运(?:单位|商)')

    // pasted text: the value of the field being edited, highlighted, from the rule
    const tester = dialog.getByTestId('rule-tester')
    await tester.getByRole('tab', { name: '粘贴文字' }).click()
    await tester.getByTestId('tester-text').fill([
      '亚泰集团哈尔滨水泥有限公司', '水泥发货单', '发货单号：XS202609128728', '车牌号：川BGCA5U',
      '承运单位：万里通物流有限公司', '毛重：54.28吨', '皮重：15.71吨', '净重：38.57吨',
    ].join('\n'))
    const carrier = tester.locator('tr[data-testid="result-deliveryCarrier"]')
    await carrier.getByTestId('value-deliveryCarrier').filter({ hasText: /^万里通物流有限公司$/ }).waitFor()
    // marked as the field being edited once the tester has caught up with the form (slower on a loaded machine)
    await expect.poll(() => carrier.getAttribute('data-edited'), { timeout: 30_000 }).toBe('true')
    expect(await carrier.textContent()).toContain('规则')
    await tester.getByTestId('tester-edited-value').filter({ hasText: /^万里通物流有限公司$/ }).waitFor()
    await tester.getByTestId('tester-format').filter({ hasText: '水泥发货单' }).waitFor()
    await tester.getByTestId('value-deliveryNetWeight').filter({ hasText: /^38\.57$/ }).waitFor()

    // the tester follows the form: a value expression narrows the value
    await dialog.getByLabel('取值表达式').fill('(万里通)')
    await carrier.getByTestId('value-deliveryCarrier').filter({ hasText: /^万里通$/ }).waitFor()
    await settledShot(page, 'tickets-rule-text')

    // a file that is not a picture is refused before anything is sent
    await tester.getByRole('tab', { name: '票据照片' }).click()
    const fileInput = tester.locator('input[type="file"]')
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await tester.getByRole('alert').filter({ hasText: '不是 JPG、PNG 或 WebP 图片' }).waitFor()

    // the photo: boxes over the picture, the net weight read, the edited field's box emphasised
    await fileInput.setInputFiles(FIXTURE_PATH)
    const net = tester.getByTestId('value-deliveryNetWeight').filter({ hasText: /^38\.57$/ })
    await net.waitFor({ timeout: READ_TIMEOUT })
    await tester.locator('[data-testid="tester-picture"] img').waitFor()
    expect(await tester.locator('[data-testid="tester-picture"] polygon').count()).toBeGreaterThan(3)
    await tester.locator('[data-testid="box-deliveryNetWeight"]').waitFor({ state: 'attached' })
    const picture = await tester.locator('[data-testid="tester-picture"] img').boundingBox()
    const svg = await tester.locator('[data-testid="tester-picture"] svg').boundingBox()
    expect(picture && svg && Math.abs(picture.width - svg.width) < 2 && Math.abs(picture.height - svg.height) < 2).toBe(true)
    await dialog.getByLabel('取值表达式').fill('')
    const photoCarrier = tester.getByTestId('value-deliveryCarrier').filter({ hasText: '万里通物流有限公司' })
    await photoCarrier.waitFor({ timeout: READ_TIMEOUT })
    await tester.locator('[data-testid="box-deliveryCarrier"][data-edited="true"]').waitFor({ state: 'attached' })
    await tester.getByTestId('tester-picture').scrollIntoViewIfNeeded()
    await settledShot(page, 'tickets-rule-photo')

    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await toast(page, '创建成功').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    const saved = row(page, 'deliveryCarrier')
    await saved.waitFor()
    expect(await saved.textContent()).toContain('承运(?:单位|商)')

    // editing: the field is read-only
    await saved.getByText('编辑').click()
    const edit = page.getByRole('dialog', { name: '编辑取值规则' })
    await edit.waitFor()
    expect(await edit.getByLabel('字段', { exact: true }).isDisabled()).toBe(true)
    await edit.getByText('字段创建后不可修改').waitFor()
    // the tester keeps the photo from one rule to the next
    await edit.getByTestId('rule-tester').getByText('A1_000.jpg').waitFor()
    await edit.locator('[data-testid="tester-picture"] img').waitFor()
    await settledShot(page, 'tickets-rule-edit')
    await edit.getByRole('button', { name: /取\s*消/ }).click()
    await edit.waitFor({ state: 'hidden' })

    await saved.getByRole('button', { name: '删除' }).click()
    await confirmIn(popconfirmOf(page))
    await toast(page, '删除成功').waitFor()
    await saved.waitFor({ state: 'detached' })

    // the tester on its own (stored rules only), for a receiving note
    await page.getByRole('button', { name: '规则测试' }).click()
    const alone = page.getByRole('dialog', { name: '规则测试' })
    await alone.waitFor()
    await alone.getByText('收货单', { exact: true }).click()
    await alone.getByRole('tab', { name: '粘贴文字' }).click()
    await alone.getByTestId('tester-text').fill(['水泥收货单', '收货单号：SH20260912001', '车牌号：川BGCA5U', '毛重：54.20吨', '皮重：15.70吨', '净重：38.50吨'].join('\n'))
    await alone.getByTestId('value-signNetWeight').filter({ hasText: /^38\.5$|^38\.50$/ }).waitFor()
    await alone.getByTestId('tester-format').filter({ hasText: '水泥收货单' }).waitFor()
    await settledShot(page, 'tickets-tester')
    await alone.getByRole('button', { name: /关\s*闭/ }).click()
    await alone.waitFor({ state: 'hidden' })
  })
})

describe('日志', () => {
  it('adds an entry from the keyboard, finds it by keyword and type, edits and deletes it', async () => {
    const marker = `E2E磅房断网${Date.now() % 100000}`
    await menuEntry(page, '日志列表').click()
    await page.waitForURL('**/log/index')
    await page.getByRole('columnheader', { name: '流水号' }).waitFor()

    await page.getByRole('button', { name: /新\s*增/ }).click()
    const dialog = page.getByRole('dialog', { name: '新增日志' })
    await dialogOpened(dialog)
    await dialog.getByText('告警', { exact: true }).click()
    expect(await dialog.getByRole('radio', { name: '告警' }).isChecked()).toBe(true)
    await dialog.getByLabel('内容').fill(`${marker}：地磅数据上传失败`)
    await dialog.getByLabel('流水号').fill('E2E-0001')
    expect(await dialog.getByLabel('账号').inputValue()).toBe('admin')
    await dialog.getByLabel('流水号').press('Enter') // Enter submits
    await toast(page, '创建成功').waitFor()
    await dialog.waitFor({ state: 'hidden' })

    const search = searchForm(page)
    await search.getByLabel('关键字').fill(marker)
    await search.getByLabel('关键字').press('Enter')
    const entry = row(page, marker)
    await entry.waitFor()
    await expect.poll(() => tableRows(page).count()).toBe(1)
    // the red is what is checked, and a tag tells its colour by its class alone
    expect(await entry.locator('.ant-tag-red').textContent()).toBe('告警')
    expect(await entry.textContent()).toContain('E2E-0001')
    expect(await entry.textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)
    await shot(page, 'tickets-logs')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()])
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/)

    // type 日志 finds nothing with this keyword; today's date range finds it again
    await pick(search.getByLabel('类型', { exact: true }), '日志', /^日志$/)
    await search.getByRole('button', { name: /查\s*询/ }).click()
    await page.getByText('暂无日志').waitFor()
    await pick(search.getByLabel('类型', { exact: true }), '告警', /^告警$/)
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date())
    const [from, to] = [search.getByPlaceholder('开始日期'), search.getByPlaceholder('结束日期')]
    await from.click()
    await from.fill(today)
    await from.press('Enter')
    await to.fill(today)
    await to.press('Enter')
    await search.getByRole('button', { name: /查\s*询/ }).click()
    await entry.waitFor()

    await entry.getByText('编辑').click()
    const edit = page.getByRole('dialog', { name: '编辑日志' })
    await edit.waitFor()
    await edit.getByText('日志', { exact: true }).click()
    await edit.getByRole('button', { name: /确\s*定/ }).click()
    await toast(page, '更新成功').waitFor()
    await page.getByText('暂无日志').waitFor() // it is no longer a 告警

    const listed = await server.api.call<{ data: { errorMes: string; level: number }[] }>('POST', '/log/find/', { page: 1, size: 20, keyword: marker }, token)
    expect(listed.body.data.data).toMatchObject([{ level: 0 }])

    await pick(search.getByLabel('类型', { exact: true }), '日志', /^日志$/)
    await search.getByRole('button', { name: /查\s*询/ }).click()
    await entry.waitFor()
    await entry.getByRole('button', { name: '删除' }).click()
    await confirmIn(popconfirmOf(page))
    await toast(page, '删除成功').waitFor()
    await page.getByText('暂无日志').waitFor()
  })
})


/**
 * 物流公司 and 使用统计 as a base's main account uses them: add carriers with the region cascader (the
 * form checks like the server; a repeated name is refused by the server), search, edit, export, delete
 * after the confirmation; another base's carrier never shows. Then the usage statistics of this month:
 * the chart and the table with the account's uploads. Screenshots go to /tmp/shots/lcompany-*.png.
 */
import ExcelJS from 'exceljs'
import fs from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { confirmIn, landingMenuOpened, openMenu as openMenuOf, popconfirmOf, searchForm, shot, tableRow, tableRows, toastOf } from './browser'
import { useServerAndBrowser } from './server'

const env = useServerAndBrowser()
let page: Page
const BASE = { name: '物流端到端基地', contactor: '周敏', phone: '13655550001', domain: 'lc-e2e', password: 'Base@2026' }
const OTHER_CARRIER = '乙基地专用物流'

beforeAll(async () => {
  const { api } = env.server
  const hq = await api.token()
  await api.createBase(BASE, hq)
  const other = await api.createBase({ ...BASE, name: '物流端到端乙基地', phone: '13655550002', domain: 'lc-e2e-b' }, hq)
  await api.data('POST', '/lCompany/save', { name: OTHER_CARRIER, companyId: other }, hq)
  page = await env.signIn(BASE, { landing: '**/by_agent/index' })
  await landingMenuOpened(page)
})

const rows = () => tableRows(page)
const row = (text: string) => tableRow(page, text)
const toast = (text: string) => toastOf(page, text)
const ok = confirmIn
async function settledShot(name: string) {
  await page.waitForTimeout(450)
  await shot(page, name)
}

/** Opens a page from the side menu (its section first, unless it is open already). */
const openMenu = (section: string, item: string) => openMenuOf(page, section, item)

async function pickRegion(dialog: Locator, path: string[]) {
  // a chosen path lies over the input and takes the click there, as it does a user's
  await dialog.getByLabel('所在地区').click({ force: true })
  for (const name of path) await page.getByRole('menuitemcheckbox', { name }).click()
  // the last level closes the menu; a shorter path is kept by closing it
  if (path.length < 3) await page.keyboard.press('Escape')
}

async function search(fields: Partial<Record<'物流公司名称' | '联系人' | '联系电话', string>>) {
  const form = searchForm(page)
  for (const label of ['物流公司名称', '联系人', '联系电话'] as const) await form.getByLabel(label).fill(fields[label] ?? '')
  await form.getByRole('button', { name: /查\s*询/ }).click()
}

describe('物流公司', () => {
  it('adds carriers with their region; the form checks like the server and a repeated name is refused', async () => {
    await openMenu('运单管理', '物流公司')
    await page.waitForURL('**/by_agent/lcompany')
    await page.locator('.ant-pro-table-list-toolbar-title').getByText('物流公司', { exact: true }).waitFor()
    await page.getByText('暂无物流公司').waitFor()
    const headers = (await page.getByRole('columnheader').allInnerTexts()).join('|')
    expect(headers).toMatch(/物流公司名称.*联系人.*联系电话.*所在地区.*备注.*创建时间.*操作/)
    expect(headers).not.toContain('所属基地')

    await page.getByRole('button', { name: /新\s*增/ }).click()
    const dialog = page.getByRole('dialog', { name: '新增物流公司' })
    await dialog.waitFor()
    await ok(dialog)
    await dialog.getByText('物流公司名称不能为空').waitFor()
    await dialog.getByLabel('物流公司名称').fill('顺通危险品运输有限公司')
    await dialog.getByLabel('联系人').fill('陈永刚')
    await dialog.getByLabel('联系电话').fill('12345')
    await ok(dialog)
    await dialog.getByText('联系电话格式不正确，请输入11位手机号或带区号的固定电话（如 0571-88886666）').waitFor()
    await dialog.getByLabel('联系电话').fill('13912345678')
    await pickRegion(dialog, ['江苏省', '南京市', '江宁区'])
    await dialog.getByLabel('备注').fill('夜间可派车')
    await settledShot('lcompany-add')
    await ok(dialog)
    await toast('创建成功').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    const first = row('顺通危险品运输有限公司')
    await first.waitFor()
    for (const text of ['陈永刚', '13912345678', '江苏省 / 南京市 / 江宁区', '夜间可派车']) await first.getByText(text).waitFor()

    // a landline with a province and city only, then the same name again: the server's 409
    for (const [name, phone] of [['万里通物流有限公司', '025-52345678'], ['顺通危险品运输有限公司', '13900000000']]) {
      await page.getByRole('button', { name: /新\s*增/ }).click()
      const d = page.getByRole('dialog', { name: '新增物流公司' })
      await d.getByLabel('物流公司名称').fill(name)
      await d.getByLabel('联系电话').fill(phone)
      if (name === '万里通物流有限公司') await pickRegion(d, ['浙江省', '杭州市'])
      await ok(d)
      if (name === '万里通物流有限公司') {
        await toast('创建成功').waitFor()
        await d.waitFor({ state: 'hidden' })
      } else {
        await toast('物流公司“顺通危险品运输有限公司”已存在，请勿重复添加').waitFor()
        await d.getByRole('button', { name: /取\s*消/ }).click()
      }
    }
    await row('万里通物流有限公司').getByText('浙江省 / 杭州市').waitFor()
    await expect.poll(() => rows().count()).toBe(2)
    // the other base's carrier is not listed
    expect((await rows().allTextContents()).join()).not.toContain(OTHER_CARRIER)
    await settledShot('lcompany-list')
  })

  it('searches by name, contact and phone', async () => {
    await search({ 物流公司名称: '万里' })
    await expect.poll(() => rows().count()).toBe(1)
    await row('万里通物流有限公司').waitFor()
    await search({ 联系人: '陈' })
    await expect.poll(async () => (await rows().allTextContents()).join()).toContain('顺通危险品运输有限公司')
    expect(await rows().count()).toBe(1)
    await search({ 联系电话: '025-' })
    await expect.poll(async () => (await rows().allTextContents()).join()).toContain('万里通物流有限公司')
    expect(await rows().count()).toBe(1)
    await search({ 物流公司名称: OTHER_CARRIER })
    await page.getByText('暂无物流公司').waitFor()
    await search({})
    await expect.poll(() => rows().count()).toBe(2)
  })

  it('edits a carrier: its values open in the dialog, the new region and phone are listed', async () => {
    await row('万里通物流有限公司').getByText('编辑').click()
    const dialog = page.getByRole('dialog', { name: '编辑物流公司' })
    await dialog.waitFor()
    expect(await dialog.getByLabel('联系电话').inputValue()).toBe('025-52345678')
    await dialog.getByText('浙江省 / 杭州市').waitFor()
    await dialog.getByLabel('联系人').fill('李建华')
    await dialog.getByLabel('联系电话').fill('13800138000')
    await pickRegion(dialog, ['四川省', '成都市', '龙泉驿区'])
    await ok(dialog)
    await toast('更新成功').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    const edited = row('万里通物流有限公司')
    for (const text of ['李建华', '13800138000', '四川省 / 成都市 / 龙泉驿区']) await edited.getByText(text).waitFor()
  })

  it('exports the listed carriers as xlsx', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()])
    expect(download.suggestedFilename()).toBe('物流公司列表.xlsx')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer)
    const cells: unknown[][] = []
    book.getWorksheet('物流公司')!.eachRow((r) => cells.push((r.values as unknown[]).slice(1, 7)))
    expect(cells).toEqual([
      ['物流公司名称', '联系人', '联系电话', '所在地区', '备注', '所属基地'],
      ['万里通物流有限公司', '李建华', '13800138000', '四川省 成都市 龙泉驿区', undefined, BASE.name],
      ['顺通危险品运输有限公司', '陈永刚', '13912345678', '江苏省 南京市 江宁区', '夜间可派车', BASE.name],
    ])
  })

  it('deletes a carrier after the confirmation', async () => {
    await row('顺通危险品运输有限公司').getByRole('button', { name: '删除' }).click()
    const confirm = popconfirmOf(page)
    await confirm.getByText('确定删除物流公司「顺通危险品运输有限公司」吗？').waitFor()
    await settledShot('lcompany-delete')
    await confirm.getByRole('button', { name: /确\s*定/ }).click()
    await toast('删除成功').waitFor()
    await expect.poll(() => rows().count()).toBe(1)
    await row('万里通物流有限公司').waitFor()
  })
})

describe('使用统计', () => {
  it('shows this month\'s chart and the base\'s users with their figures', async () => {
    await openMenu('用户管理', '使用统计')
    // the page writes this month into the address (?createTimeQuery=…), on a loaded machine before the wait begins
    await page.waitForURL((u) => u.pathname === '/user/use')
    const main = row(BASE.phone)
    await main.waitFor()
    expect(await main.textContent()).toContain('0.00')
    // the chart of the same filters: every day of this month so far, drawn on a canvas
    await page.getByTestId('usage-totals').waitFor()
    await page.locator('canvas').first().waitFor()
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)
    await page.getByText(`统计时间 ${today.slice(0, 8)}01 至 ${today}`).waitFor()
    await settledShot('lcompany-usage')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()])
    expect(download.suggestedFilename()).toBe('使用统计.xlsx')
  })
})

/**
 * Materials and a base's stock as users work them (issue 37): headquarters adds a material type and a
 * material (its price typed in yuan, checked before it is sent); a base, whose menu holds 库存管理 and
 * no reference data, finds the material on its count sheet, receives stock (through the API: supply
 * orders are another screen), counts less than the book (the difference shows as it is typed and needs
 * a reason), confirms, and its balance, low-stock mark and ledger show the right numbers; the export
 * downloads. Headquarters then sees the base's balance, cannot delete the material in use and retires
 * it. Screenshots at 1440×900.
 */
import ExcelJS from 'exceljs'
import fs from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { MaterialMsg, StockMsg } from '@app/contract'
import { ADMIN, useServerAndBrowser } from './server'
import {
  cellOf, chooseOption, confirmIn, dialogNamed, dialogOpened, menuEntry, openMenu, popconfirmOf, shot, sider, tableRow, toastOf,
} from './browser'

const env = useServerAndBrowser()
let hq: Page
let base: Page
const BASE = { name: '库存端到端基地', contactor: '周敏', phone: '13655580001', domain: 'stock-e2e', password: 'Base@2026' }
const TYPE = '铅封'
const MATERIAL = '塑料铅封'
const VIEW = { width: 1440, height: 900 }

beforeAll(async () => {
  await env.server.api.createBase(BASE)
  hq = await env.signIn(ADMIN, { landing: '**/by_agent/index', viewport: VIEW })
  base = await env.signIn(BASE, { landing: '**/by_agent/index', viewport: VIEW })
})

const textOf = async (page: Page, row: string, header: string) => (await (await cellOf(tableRow(page, row), header)).innerText()).replace(/\s+/g, ' ').trim()
/** A cell's text once it reads `expected` (a screen just opened may still be putting its table together). */
const cellReads = (page: Page, row: string, header: string, expected: string) =>
  expect.poll(() => textOf(page, row, header).catch((e: Error) => e.message)).toBe(expected)

describe('headquarters keeps the materials', () => {
  it('adds a material type', async () => {
    await openMenu(hq, '物料库存', '物料类型')
    await hq.waitForURL('**/material/type')
    await hq.getByRole('button', { name: /新\s*增/ }).click()
    const dialog = dialogNamed(hq, '新增物料类型')
    await dialog.getByLabel('类型名称').fill(TYPE)
    await confirmIn(dialog)
    await toastOf(hq, '创建成功').waitFor()
    await tableRow(hq, TYPE).waitFor()
    expect(await textOf(hq, TYPE, '物料数')).toBe('0')
    await shot(hq, 'stock-material-types')
  })

  it('adds a material, its price typed in yuan and checked before it is sent', async () => {
    await openMenu(hq, '物料库存', '物料列表')
    await hq.waitForURL('**/material/index')
    await hq.getByRole('button', { name: /新\s*增/ }).click()
    const dialog = dialogNamed(hq, '新增物料')
    await dialog.getByLabel('物料名称').fill(MATERIAL)
    await chooseOption(dialog.getByLabel('物料类型'), TYPE)
    await dialog.getByLabel('规格').fill('红色 / 带编号')
    await dialog.getByLabel('零售价').fill('2.345')
    await confirmIn(dialog)
    await dialog.getByText('零售价格式不正确，应为金额，最多2位小数').waitFor()
    await dialog.getByLabel('零售价').fill('0.29')
    await dialog.getByLabel('库存预警值').fill('5')
    await confirmIn(dialog)
    await toastOf(hq, '创建成功').waitFor()
    await tableRow(hq, MATERIAL).waitFor()
    expect(await textOf(hq, MATERIAL, '零售价（元）')).toBe('0.29')
    expect(await textOf(hq, MATERIAL, '库存预警值')).toBe('5')
    expect(await textOf(hq, MATERIAL, '状态')).toBe('在用')
    await shot(hq, 'stock-materials')
  })
})

describe('a base counts its stock', () => {
  let materialId: number
  let baseToken: string

  it('its menu has 库存管理 and no reference data; the new material is on its count sheet at 0', async () => {
    await base.reload()
    await expect.poll(() => sider(base).innerText()).toContain('库存管理')
    expect(await sider(base).innerText()).not.toContain('物料类型')
    expect(await menuEntry(base, '物料列表').count()).toBe(0)
    await openMenu(base, null, '库存管理')
    await base.waitForURL('**/material/stock')
    // listed at 0 before the base ever held it, and marked: that is what its threshold is for
    await cellReads(base, MATERIAL, '库存', '库存预警 0')
    await base.getByRole('button', { name: /(^|\s)盘\s*点$/ }).click()
    await base.waitForURL('**/material/stockTake')
    await cellReads(base, MATERIAL, '账面数量', '0 个')
  })

  it('stock received shows on its balances', async () => {
    const { api } = env.server
    baseToken = await api.token(BASE.phone, BASE.password)
    const options = await api.call<{ id: number; name: string }[]>('POST', '/material/options', {}, baseToken)
    materialId = options.body.data.find((m) => m.name === MATERIAL)!.id
    const received = await api.call('POST', '/companyMaterial/record', { materialId, kind: 'purchased', quantity: '20', reason: '首批采购' }, baseToken)
    expect(received.body.message).toBe(StockMsg.recorded)
    await openMenu(base, null, '库存管理')
    await base.waitForURL('**/material/stock')
    await base.reload()
    await cellReads(base, MATERIAL, '库存', '20')
    expect(await textOf(base, MATERIAL, '预警值')).toBe('5')
  })

  it('counts: the difference shows as it is typed, needs a reason, and confirming adjusts the stock', async () => {
    await base.getByRole('button', { name: /(^|\s)盘\s*点$/ }).click()
    await base.waitForURL('**/material/stockTake')
    await cellReads(base, MATERIAL, '账面数量', '20 个')
    await base.getByLabel(`${MATERIAL}实盘数量`).fill('4')
    expect(await textOf(base, MATERIAL, '差异')).toBe('-16')
    await base.getByRole('button', { name: '提交盘点' }).click()
    await tableRow(base, MATERIAL).getByRole('alert').getByText(StockMsg.reasonNeeded(MATERIAL)).waitFor()
    await base.getByLabel(`${MATERIAL}差异原因`).fill('运输途中损坏16个')
    await tableRow(base, MATERIAL).getByRole('alert').waitFor({ state: 'hidden' })
    await shot(base, 'stock-take')
    await base.getByRole('button', { name: '提交盘点' }).click()
    const dialog = base.getByRole('dialog', { name: /^确认盘点单 \d+$/ })
    await dialogOpened(dialog)
    expect(await textOf(base, '运输途中损坏16个', '差异')).toBe('-16')
    await shot(base, 'stock-take-confirm')
    await dialog.getByRole('button', { name: '确认调整库存' }).click()
    await toastOf(base, StockMsg.confirmed).waitFor()
    await dialog.waitFor({ state: 'hidden' })
    const record = base.getByRole('row').filter({ hasText: '已确认' })
    await record.waitFor()
    // the sheet shows the new book, and the count left nothing typed
    await cellReads(base, MATERIAL, '账面数量', '4 个')
    expect(await base.getByLabel(`${MATERIAL}实盘数量`).inputValue()).toBe('')
  })

  it('the balance is 4, marked low (threshold 5), and the ledger shows both movements; the export downloads', async () => {
    await openMenu(base, null, '库存管理')
    await base.waitForURL('**/material/stock')
    await cellReads(base, MATERIAL, '库存', '库存预警 4')
    await shot(base, 'stock-balances')
    const [download] = await Promise.all([base.waitForEvent('download'), base.getByRole('button', { name: /导\s*出/ }).click()])
    expect(download.suggestedFilename()).toBe('库存列表.xlsx')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]!
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    const row = (sheet.getRow(2).values as unknown[]).slice(1)
    expect(row[header.indexOf('物料名称')]).toBe(MATERIAL)
    expect(row[header.indexOf('库存')]).toBe('4.000')
    expect(row[header.indexOf('库存预警')]).toBe('是')

    await tableRow(base, MATERIAL).getByText('出入库明细').click()
    await base.waitForURL(`**/material/ledger?materialId=${materialId}`)
    await expect.poll(async () => base.getByRole('row').filter({ hasText: '盘点调整' }).count()).toBe(1)
    expect(await textOf(base, '盘点调整', '数量')).toBe('-16 个')
    expect(await textOf(base, '盘点调整', '原因')).toBe('运输途中损坏16个')
    expect(await textOf(base, '盘点调整', '单据')).toMatch(/^盘点单 \d+$/)
    expect(await textOf(base, '盘点调整', '经办人')).toBe(BASE.contactor)
    expect(await textOf(base, '采购入库', '数量')).toBe('+20 个')
    expect(await textOf(base, '采购入库', '原因')).toBe('首批采购')
    await base.getByText('共 2 条').waitFor()
    await shot(base, 'stock-ledger')
    // what the screens show is what the server keeps
    const ledger = await env.server.api.call<{ data: { quantity: string }[] }>('POST', '/companyMaterial/ledger', { materialId, page: 1, size: 10 }, baseToken)
    expect(ledger.body.data.data.map((e) => e.quantity)).toEqual(['-16.000', '20.000'])
  })
})

describe('headquarters after the count', () => {
  it('sees the base\'s balance on picking the base', async () => {
    await openMenu(hq, '物料库存', '库存管理')
    await hq.waitForURL('**/material/stock')
    await chooseOption(hq.getByLabel('所属基地'), BASE.name)
    await hq.getByRole('button', { name: /查\s*询/ }).click()
    await cellReads(hq, MATERIAL, '所属基地', BASE.name)
    await cellReads(hq, MATERIAL, '库存', '库存预警 4')
    await shot(hq, 'stock-balances-hq')
    // 盘点 opens the count sheet of the base picked here
    await hq.getByRole('button', { name: /(^|\s)盘\s*点$/ }).click()
    await hq.waitForURL('**/material/stockTake?companyId=*')
    // the count sheet's own picker shows the chosen base (the stock page stays open behind its tab, with its own)
    const picker = hq.getByRole('combobox', { name: '基地', exact: true }).locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]')
    await picker.getByTitle(BASE.name, { exact: true }).waitFor()
    await cellReads(hq, MATERIAL, '账面数量', '4 个')
  })

  it('cannot delete a material in use (the server says why) and retires it instead', async () => {
    await openMenu(hq, '物料库存', '物料列表')
    await hq.waitForURL('**/material/index')
    await tableRow(hq, MATERIAL).getByRole('button', { name: '删除' }).click()
    await popconfirmOf(hq).getByRole('button', { name: /确\s*定/ }).click()
    await toastOf(hq, MaterialMsg.inUse).waitFor()
    await hq.keyboard.press('Escape')
    await tableRow(hq, MATERIAL).getByText('停用', { exact: true }).click()
    const confirm = hq.getByRole('dialog').filter({ hasText: `停用后各基地不能再入库、供货或销售物料「${MATERIAL}」` })
    await confirm.getByRole('button', { name: /确\s*定/ }).click()
    await toastOf(hq, `已停用物料「${MATERIAL}」`).waitFor()
    await cellReads(hq, MATERIAL, '状态', '停用')
  })
})

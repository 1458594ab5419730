/**
 * Supply orders and sales as the two bases use them: headquarters adds a material and lets the buyer
 * base get it from the supplier base (set up through the API); in the browser the buyer orders, the
 * supplier ships, a step taken on a list the other side has overtaken is refused with the server's
 * message, the buyer receives, sells with a running total, refunds, and opens the receipt PDF; the
 * summary adds the day up by material and by seller. The stock is checked at each step. Screenshots
 * at 1440×900.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { useServerAndBrowser } from './server'
import { cellOf, chooseOption, confirmIn, dialogNamed, dialogOpened, openMenu, optionList, shot, tableRow, toastOf } from './browser'

const env = useServerAndBrowser()
const SUPPLIER = { name: '供货端到端基地', contactor: '钱供', phone: '13655580001', domain: 'supply-e2e', password: 'Base@2026' }
const BUYER = { name: '采购端到端基地', contactor: '孙买', phone: '13655580002', domain: 'buy-e2e', password: 'Base@2026' }
const MATERIAL = '端到端铅封'
const VIEW = { width: 1440, height: 900 }
let buyer: Page
let supplier: Page
let materialId: number
let tokens: { supplier: string; buyer: string }

/** A base's balance of the material, as its stock list answers it. */
async function balance(token: string): Promise<string> {
  const res = await env.server.api.call<{ data: { materialId: number; quantity: string }[] }>('POST', '/companyMaterial/find', { page: 1, size: 100 }, token)
  return res.body.data.data.find((r) => r.materialId === materialId)?.quantity ?? '0.000'
}

beforeAll(async () => {
  const { api } = env.server
  const hq = await api.token()
  const call = <T>(method: string, path: string, body: unknown, token = hq) => api.data<T>(method, path, body, token)
  const sup = { id: await api.createBase(SUPPLIER, hq) }
  const buy = { id: await api.createBase(BUYER, hq) }
  const type = await call<{ id: number }>('POST', '/materialType/save', { name: '封签' })
  materialId = (await call<{ id: number }>('POST', '/material/save', { name: MATERIAL, typeId: type.id, specification: 'A型', unit: '个', listPrice: 1250 })).id
  await call('POST', '/companyMaterialOrder/save', { buyCompanyId: buy.id, saleCompanyId: sup.id })
  tokens = { supplier: await api.token(SUPPLIER.phone, SUPPLIER.password), buyer: await api.token(BUYER.phone, BUYER.password) }
  await call('POST', '/companyMaterial/record', { materialId, kind: 'purchased', quantity: '20' }, tokens.supplier)
  await call('POST', '/report/saveFirst', {
    licenseNumber: '苏E12345', tankerType: '常压车辆', org: '端到端危货运输公司', contactName: '周师傅', phone: '13900001111', latestMaterial: '柴油', outdate: '2030-01-01',
  }, tokens.buyer)
  buyer = await env.signIn(BUYER, { viewport: VIEW })
  supplier = await env.signIn(SUPPLIER, { viewport: VIEW })
})

const orderRow = (page: Page) => tableRow(page, SUPPLIER.name)
/** Takes a step of the order from its row: the link, then the confirm's 确定. */
async function step(page: Page, row: Locator, label: string) {
  await row.getByRole('button', { name: label }).click()
  await confirmIn(dialogNamed(page, label))
}

describe('供货单', () => {
  it('the buyer orders from its supplier; only the supplier is offered 确认发货', async () => {
    await openMenu(buyer, '物料供销', '供货单')
    await buyer.waitForURL('**/supply/order')
    await buyer.getByText('暂无供货单').waitFor()
    await buyer.getByRole('button', { name: '新增' }).click()
    const dialog = dialogNamed(buyer, '新增供货单')
    await dialogOpened(dialog)
    // the one supplier headquarters set is already picked
    await dialog.getByTitle(SUPPLIER.name).waitFor()
    await chooseOption(dialog.getByRole('combobox', { name: '第1行物料' }), `${MATERIAL} A型（个）`)
    await dialog.getByLabel('第1行数量').fill('5')
    await shot(buyer, 'supply-order-dialog')
    await confirmIn(dialog)
    await toastOf(buyer, '创建成功').waitFor()
    const row = orderRow(buyer)
    await row.getByText('待确认').waitFor()
    expect(await (await cellOf(row, '物料')).textContent()).toBe(`${MATERIAL} 5个`)
    await row.getByRole('button', { name: '取消' }).waitFor()
    expect(await row.getByRole('button', { name: '确认发货' }).count()).toBe(0)
    await shot(buyer, 'supply-orders-buyer')
  })

  it('the supplier ships (its stock goes down); the buyer\'s stale 取消 is refused with the server\'s message', async () => {
    await openMenu(supplier, '物料供销', '供货单')
    const row = tableRow(supplier, BUYER.name)
    await row.getByText('待确认').waitFor()
    await shot(supplier, 'supply-orders-supplier')
    await step(supplier, row, '确认发货')
    await toastOf(supplier, /已发货/).waitFor()
    await row.getByText('已发货').waitFor()
    expect(await row.getByRole('button').count()).toBe(0)
    expect(await balance(tokens.supplier)).toBe('15.000')

    // the buyer's list still shows the order as it was: cancelling it now is refused (409)
    await step(buyer, orderRow(buyer), '取消')
    await toastOf(buyer, '供货单当前为“已发货”，不能改为“已取消”').waitFor()
    await orderRow(buyer).getByText('已发货').waitFor()
  })

  it('the buyer receives and its stock goes up', async () => {
    expect(await balance(tokens.buyer)).toBe('0.000')
    await step(buyer, orderRow(buyer), '确认收货')
    await toastOf(buyer, /已收货/).waitFor()
    await orderRow(buyer).getByText('已收货').waitFor()
    expect(await balance(tokens.buyer)).toBe('5.000')
    await shot(buyer, 'supply-orders-received')
  })
})

describe('物料销售', () => {
  it('a sale links the tanker\'s report, totals its lines as typed and takes the stock', async () => {
    await openMenu(buyer, '物料供销', '物料销售')
    await buyer.waitForURL('**/supply/index')
    await buyer.getByRole('button', { name: '新增' }).click()
    const dialog = dialogNamed(buyer, '销售开单')
    await dialogOpened(dialog)
    const report = dialog.getByRole('combobox', { name: '检验报告' })
    await report.fill('苏E')
    await (await optionList(report)).getByText(/苏E12345/).filter({ visible: true }).click()
    await expect.poll(() => dialog.getByLabel('客户单位').inputValue()).toBe('端到端危货运输公司')
    await chooseOption(dialog.getByRole('combobox', { name: '第1行物料' }), `${MATERIAL} A型（个）`)
    // the list price until changed
    await expect.poll(() => dialog.getByLabel('第1行单价').inputValue()).toBe('12.50')
    await dialog.getByLabel('第1行数量').fill('2')
    await dialog.getByLabel('合计金额').getByText('¥25.00').waitFor()
    await dialog.getByLabel('第1行单价').fill('12.35')
    await dialog.getByLabel('第1行金额').getByText('¥24.70').waitFor()
    await dialog.getByLabel('合计金额').getByText('¥24.70').waitFor()
    await dialog.getByText('微信').click()
    await dialog.getByText(BUYER.contactor).waitFor()
    await shot(buyer, 'sale-dialog')
    await confirmIn(dialog)
    await toastOf(buyer, '创建成功').waitFor()
    const row = tableRow(buyer, '端到端危货运输公司')
    await row.getByText('¥24.70').waitFor()
    expect(await (await cellOf(row, '付款方式')).textContent()).toBe('微信')
    expect(await (await cellOf(row, '销售人')).textContent()).toBe(BUYER.contactor)
    expect(await balance(tokens.buyer)).toBe('3.000')
    await shot(buyer, 'sales-list')
  })

  it('the receipt opens as a PDF in a new tab', async () => {
    const row = tableRow(buyer, '端到端危货运输公司')
    const [pdf, tab] = await Promise.all([
      buyer.waitForResponse((r) => r.url().includes('/api/sale/receipt/')),
      buyer.context().waitForEvent('page'),
      row.getByRole('button', { name: '打印' }).click(),
    ])
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    expect(Number(pdf.headers()['content-length'])).toBeGreaterThan(1_000)
    // opened in the click, then given the file once it arrived
    await tab.waitForURL(/^blob:/)
    await tab.close()
  })

  it('a refund asks for its reason, returns the stock, and is not offered again', async () => {
    const row = tableRow(buyer, '端到端危货运输公司').filter({ hasText: '销售' })
    await row.getByRole('button', { name: '退款' }).click()
    const dialog = dialogNamed(buyer, /^退款：销售单/)
    await dialogOpened(dialog)
    await dialog.getByText('整单退款 ¥24.70').waitFor()
    await dialog.getByRole('button', { name: '确认退款' }).click()
    await dialog.getByText('退款原因不能为空').waitFor()
    await dialog.getByLabel('退款原因').fill('客户退货')
    await dialog.getByText('退款原因不能为空').waitFor({ state: 'hidden' })
    await shot(buyer, 'sale-refund-dialog')
    await dialog.getByRole('button', { name: '确认退款' }).click()
    await toastOf(buyer, '已退款，库存已退回').waitFor()
    const refund = tableRow(buyer, '退款 · 原单')
    await refund.getByText('-¥24.70').waitFor()
    await refund.getByText(/^退款 · 原单/).waitFor()
    expect(await refund.getByRole('button', { name: '退款' }).count()).toBe(0)
    await tableRow(buyer, '已退款').waitFor()
    expect(await tableRow(buyer, '已退款').getByRole('button', { name: '退款' }).count()).toBe(0)
    expect(await balance(tokens.buyer)).toBe('5.000')
    await shot(buyer, 'sales-refunded')
  })

  it('the day adds up by material and by seller, and exports', async () => {
    await openMenu(buyer, '物料供销', '销售汇总')
    await buyer.waitForURL('**/supply/summary')
    const base = tableRow(buyer, BUYER.name)
    await base.waitFor()
    expect(await (await cellOf(base, '销售额')).textContent()).toBe('¥24.70')
    expect(await (await cellOf(base, '退款额')).textContent()).toBe('-¥24.70')
    await buyer.getByText('按物料').click()
    const byMaterial = tableRow(buyer, MATERIAL)
    await byMaterial.waitFor()
    expect(await (await cellOf(byMaterial, '净销量')).textContent()).toBe('0个')
    expect(await (await cellOf(byMaterial, '净额')).textContent()).toBe('¥0.00')
    await shot(buyer, 'sales-summary-material')
    await buyer.getByText('月报').click()
    await buyer.getByText('按销售人').click()
    const bySeller = tableRow(buyer, BUYER.contactor)
    await bySeller.waitFor()
    expect(await (await cellOf(bySeller, '销售笔数')).textContent()).toBe('1')
    expect(await (await cellOf(bySeller, '退款笔数')).textContent()).toBe('1')
    const [download] = await Promise.all([buyer.waitForEvent('download'), buyer.getByRole('button', { name: '导出' }).click()])
    expect(download.suggestedFilename()).toMatch(/^销售汇总.*\.xlsx$/)
    await shot(buyer, 'sales-summary-seller')
  })
})

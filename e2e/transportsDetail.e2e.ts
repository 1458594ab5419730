/**
 * A transport's detail, edit and delete as a headquarters user uses them, on transports made through
 * the API from the fixture tickets (transportFixtures.ts): each field beside its reading, 判定无效, an
 * edit (a stale one first), the raw text, delete; a user of another base sees none of it; the pages
 * at two screen sizes. Screenshots go to /tmp/shots/transports-*.png.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { confirmIn, dialogOpened, loginViaForm, toastOf } from './browser'
import { gridRowOf, gridRows, settledShot, useTransports } from './transportFixtures'

const t = useTransports()
let page: Page
let token: string
const { env, made, pageErrors, figures, transport } = t
beforeAll(() => {
  page = t.page
  token = t.token
})

const BASE = { name: '运单隔离基地', contactor: '王经理', phone: '13600001111', domain: 'yundan', password: 'Base@12345' }
const toast = (text: string) => toastOf(page, text)
const gridRow = (text: string) => gridRowOf(page, text)

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
    await settledShot(page, 'transports-detail')

    await page.getByRole('button', { name: '判定无效' }).click()
    const invalid = page.getByRole('dialog').filter({ hasText: '是否需要判定为无效' })
    await invalid.waitFor()
    await settledShot(page, 'transports-invalid-confirm')
    await invalid.getByRole('button', { name: /确\s*定/ }).click()
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
    await settledShot(page, 'transports-edit-stale')

    await page.getByTestId('stale-alert').getByRole('button', { name: '重新加载' }).click()
    await expect.poll(() => page.locator('#sign_signUser').inputValue()).toBe('李四')
    await remark.fill('E2E改过的备注')
    await settledShot(page, 'transports-edit')
    await page.getByRole('button', { name: /保\s*存/ }).click()
    await toast('更新成功').waitFor()
    await page.waitForURL(`**/traceDetail/index?id=${plain.id}`)
    await page.getByTestId('delivery-block').getByText('E2E改过的备注').waitFor()
    expect((await transport(plain.id)).deliveryAdditional).toBe('E2E改过的备注')
  })

  it('asks before 关闭 drops an unsaved edit, and 关闭 goes back to the grid as it was', async () => {
    await page.goto('/by_agent/index')
    await gridRow('E2E结算pound').waitFor()
    const grid = `${new URL(page.url()).pathname}${new URL(page.url()).search}`
    await gridRow('E2E结算pound').getByRole('link', { name: '编辑' }).click()
    await page.waitForURL(`**/editTraceDetail/index?id=${made.pound!.id}`)
    const remark = page.locator('#delivery_deliveryAdditional')
    await remark.fill('没保存的备注')
    const close = page.getByRole('button', { name: /^关\s*闭$/ })
    const leave = page.getByRole('dialog').filter({ hasText: '有未保存的修改，确定离开？' })
    await close.click()
    // a click while the dialog still zooms in lands on its mask
    await dialogOpened(leave)
    await settledShot(page, 'transports-edit-leave-confirm')
    await leave.getByRole('button', { name: /取\s*消/ }).click()
    await leave.waitFor({ state: 'hidden' })
    expect(new URL(page.url()).pathname).toBe('/editTraceDetail/index')
    expect(await remark.inputValue()).toBe('没保存的备注')
    await close.click()
    await dialogOpened(leave)
    await leave.getByRole('button', { name: /确\s*定/ }).click()
    await gridRow('E2E结算pound').waitFor()
    expect(grid).toMatch(/^\/by_agent\/index/)
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(grid)
    expect((await transport(made.pound!.id)).deliveryAdditional).not.toBe('没保存的备注')

    // the detail's 关闭 goes back too
    await gridRow('E2E结算pound').getByRole('link', { name: '查看' }).click()
    await page.getByTestId('delivery-block').waitFor()
    await page.getByRole('button', { name: /^关\s*闭$/ }).click()
    await gridRow('E2E结算pound').waitFor()
    expect(new URL(page.url()).pathname).toBe('/by_agent/index')
  })

  it('shows headquarters the raw OCR text', async () => {
    await page.goto(`/traceDetail2/index?id=${made.plain!.id}`)
    expect(await page.getByTestId('delivery-origin').inputValue()).not.toBe('')
    await settledShot(page, 'transports-raw')
  })

  it('continues a temporary save and deletes after the spec\'s confirmation', async () => {
    await page.goto('/by_agent/index')
    const tempRow = gridRow(String(made.temp!.deliveryNumber))
    await tempRow.getByRole('link', { name: '继续上传' }).click()
    await page.waitForURL(`**/upload/index?id=${made.temp!.id}`)
    await page.goBack()
    // Esc takes the question back; asked again, 确定 deletes
    await tempRow.getByRole('button', { name: '删除' }).click()
    const question = page.getByRole('tooltip').filter({ hasText: '确定删除该运单吗？' })
    await question.waitFor()
    await page.keyboard.press('Escape')
    await question.waitFor({ state: 'hidden' })
    await tempRow.getByRole('button', { name: '删除' }).click()
    await question.waitFor()
    await confirmIn(question)
    await toast('删除成功').waitFor()
    await tempRow.waitFor({ state: 'detached' })
    expect((await env.server.api.call('GET', `/logistics/get/getLogistics?id=${made.temp!.id}`, undefined, token)).status).toBe(404)
  })
})

describe('another base', () => {
  it('a user of another base sees none of these transports', async () => {
    await env.server.api.createBase(BASE, token)
    const other = await env.context()
    const p = await other.newPage()
    await p.goto('/login')
    await loginViaForm(p, BASE.phone, BASE.password)
    await p.waitForURL('**/by_agent/index')
    await p.getByText('暂无运单').waitFor()
    expect(await gridRows(p).count()).toBe(0)
    // no 基地 filter for a base
    expect(await p.getByTestId('transport-filters').getByText('基地', { exact: true }).count()).toBe(0)
    await settledShot(p, 'transports-other-base')
    await other.close()
  })
})

describe('screens', () => {
  it('fits 1366×768 and 1920×1080', async () => {
    for (const [w, h] of [[1366, 768], [1920, 1080]] as const) {
      await page.setViewportSize({ width: w, height: h })
      await page.goto('/by_agent/index')
      await gridRow('E2E结算plain').waitFor()
      await settledShot(page, `transports-grid-${w}`)
      await page.goto(`/traceDetail/index?id=${made.both!.id}`)
      await page.getByTestId('sign-block').waitFor()
      await settledShot(page, `transports-detail-${w}`)
      await page.goto(`/editTraceDetail/index?id=${made.split!.id}`)
      await page.getByTestId('destinations').waitFor()
      await settledShot(page, `transports-edit-${w}`)
    }
  })
})

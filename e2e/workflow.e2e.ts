/**
 * Daily friction of the shell: the side menu (one-page sections at the top level, no entry for a page
 * not built), the idle countdown with 继续使用, and a sub-account on a phone: it lands on 上传票据,
 * the photo frame waits for a photo, and the idle logout keeps a half-done upload as 暂存.
 * Screenshots go to /tmp/shots/workflow-*.png.
 */
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { IDLE_TIMEOUT_MS, Msg, TransportStatus, type Page as ListPage, type Transport } from '@app/contract'
import { loginViaForm, menuEntry, shot, sider, toastOf } from './browser'
import { ADMIN, useServerAndBrowser } from './server'

const env = useServerAndBrowser()
const TICKETS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../server/test/fixtures/tickets')
/** a ticket read by the server's OCR: seconds on a quiet machine, minutes on one busy with other work */
const READ_TIMEOUT = 5 * 60_000
const BASE = { name: '子账号基地', contactor: '赵主管', phone: '13700002222', domain: 'zizhanghao', password: 'Base@12345', isCreate: 1 }
const SUB = { phone: '13700003333', name: '拍照员', password: 'Sub@123456' }
const WARNING = '即将自动退出登录'

async function settledShot(page: Page, name: string) {
  await page.waitForTimeout(450)
  await shot(page, name)
}

/** Signs in with the browser's clock under the test's hand (page.clock), from `/login`. */
async function signIn(page: Page, user: { username: string; password: string }, landing: string) {
  await page.clock.install()
  await page.goto('/login')
  await loginViaForm(page, user.username, user.password)
  await page.waitForURL(`**${landing}`)
}

let adminToken: string
beforeAll(async () => {
  const { api } = env.server
  adminToken = await api.token()
  const companyId = await api.createBase(BASE, adminToken)
  for (const [url, times] of [['recharge', 20], ['rechargeAmount', 2]] as const) {
    const res = await api.call('POST', `/rechargeRecord/${url}?companyId=${companyId}&times=${times}&requestId=workflow-${url}`, undefined, adminToken)
    expect(res.status, res.body.message).toBe(200)
  }
  const mainToken = await api.token(BASE.phone, BASE.password)
  const main = await api.call<{ id: number }>('GET', '/users/info', undefined, mainToken)
  // each encrypted entry is single-use
  const [password, passwordAgain] = [await api.encrypt(SUB.password), await api.encrypt(SUB.password, Date.now() + 1)]
  const sub = await api.call('POST', '/users/save', { ...SUB, password, passwordAgain, parentId: main.body.data.id }, mainToken)
  expect(sub.status, sub.body.message).toBe(200)
})

describe('side menu', () => {
  it('shows a one-page section as its page at the top level and no page the web has not built', async () => {
    const context = await env.context()
    const page = await context.newPage()
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page, ADMIN, '/by_agent/index')
    const menu = sider(page)
    await menu.getByText('运单管理', { exact: true }).waitFor()
    // 上传票据 is an item of the menu itself, not of a section that has to be opened
    const upload = menuEntry(page, '上传票据')
    await upload.waitFor()
    expect(await upload.locator('xpath=ancestor::li[contains(@class, "ant-menu-submenu")]').count()).toBe(0)
    expect(await menu.getByText('票据上传', { exact: true }).count()).toBe(0)
    expect(await menu.getByText('系统日志', { exact: true }).count()).toBe(0)
    await menuEntry(page, '日志列表').waitFor()
    // 物品登记 is a one-page section too, and no internal key shows anywhere
    await menuEntry(page, '物品列表').waitFor()
    expect(await menu.getByText(/物品登记|imagesearch/).count()).toBe(0)
    await settledShot(page, 'workflow-menu-1440')

    // the statement's one period, last month to start with, and the presets of every range picker
    await page.getByRole('button', { name: /导出对账单/ }).click()
    const statement = page.getByRole('dialog', { name: '导出对账单' })
    const start = statement.getByPlaceholder('开始日期')
    await expect.poll(() => start.inputValue()).toMatch(/^\d{4}-\d{2}-01$/)
    await start.click()
    for (const preset of ['今天', '昨天', '本周', '本月', '上月']) await page.locator('.ant-picker-presets').getByText(preset, { exact: true }).waitFor()
    await settledShot(page, 'workflow-statement-1440')
    // Esc closes the picker and the dialog with it
    await page.keyboard.press('Escape')
    await statement.waitFor({ state: 'hidden' })
    await upload.click()
    await page.waitForURL('**/upload/index')
    await page.getByTestId('step-delivery').waitFor()
    await context.close()
  })
})

describe('idle countdown', () => {
  it('warns a minute before the logout, counting down; 继续使用 keeps the session', async () => {
    const context = await env.context()
    const page = await context.newPage()
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page, ADMIN, '/by_agent/index')
    await sider(page).getByText('运单管理', { exact: true }).waitFor()

    await page.clock.fastForward(IDLE_TIMEOUT_MS - 50_000)
    const warning = page.getByRole('dialog').filter({ hasText: WARNING })
    await warning.waitFor()
    const seconds = async () => Number(/将在 (\d+) 秒后/.exec((await warning.textContent()) ?? '')?.[1])
    const first = await seconds()
    expect(first).toBeGreaterThan(40)
    expect(first).toBeLessThanOrEqual(60)
    await page.clock.runFor(3_000)
    await expect.poll(seconds).toBeLessThan(first)
    await settledShot(page, 'workflow-idle-warning')

    await warning.getByRole('button', { name: '继续使用' }).click()
    await warning.waitFor({ state: 'hidden' })
    // the click started the wait again: well past the first deadline, still signed in and not warned
    await page.clock.fastForward(2 * 60_000)
    expect(await page.getByRole('dialog').filter({ hasText: WARNING }).count()).toBe(0)
    expect(await page.getByRole('dialog').filter({ hasText: Msg.idleTitle }).count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/by_agent/index')
    await context.close()
  })
})

describe('a sub-account on a phone', { timeout: 2 * READ_TIMEOUT }, () => {
  it('lands on 上传票据, sees the frame only with a photo, and an idle logout keeps the upload as 暂存', async () => {
    const context = await env.context()
    const page = await context.newPage()
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, { username: SUB.phone, password: SUB.password }, '/upload/index')
    const step = page.getByTestId('step-delivery')
    await step.getByText('识别结果填入下方表单', { exact: false }).waitFor()
    expect(await step.getByText('右侧表单', { exact: false }).count()).toBe(0)
    expect(await page.getByTestId('picture-delivery').count()).toBe(0)
    // the form starts right under the photo button, not under an empty 520 px frame
    const form = await page.locator('#delivery').boundingBox()
    expect(form!.y).toBeLessThan(844)
    await settledShot(page, 'workflow-phone-upload-empty')

    await step.locator('input[type=file]').first().setInputFiles(path.join(TICKETS, 'A1_000.jpg'))
    await toastOf(page, '上传成功').waitFor({ timeout: READ_TIMEOUT })
    await page.locator('[data-testid="picture-delivery"] img').waitFor()
    await settledShot(page, 'workflow-phone-upload-photo')

    // left half done: the countdown says it will be kept, and the logout keeps it
    await page.clock.fastForward(IDLE_TIMEOUT_MS - 30_000)
    const warning = page.getByRole('dialog').filter({ hasText: WARNING })
    await warning.filter({ hasText: '未保存的上传将自动暂存' }).waitFor()
    await settledShot(page, 'workflow-phone-idle-warning')
    await page.clock.fastForward(60_000)
    await page.getByRole('dialog').filter({ hasText: Msg.idleTitle }).waitFor()
    await toastOf(page, '未保存的上传已暂存').waitFor()
    const token = await env.server.api.token(SUB.phone, SUB.password)
    const found = await env.server.api.call<ListPage<Transport>>('POST', '/logistics/find', { page: 1, size: 10 }, token)
    expect(found.body.data.data.map((t) => t.status)).toEqual([TransportStatus.TEMP])
    await context.close()
  })
})

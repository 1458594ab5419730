/**
 * The public report page on a phone (390×844): a device posts a reading and shows the link it gets
 * back; the person opens it, lands on the one report's result with its three conclusions; after a
 * second reading the link lists both; a guessed link shows nothing but a message. The pages load no
 * antd (they are plain React and CSS, like the login page).
 */
import { formatDateTime, idCheckChar } from '@app/contract'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shot } from './browser'
import { useServerAndBrowser } from './server'

const env = useServerAndBrowser()
const BASE = { name: '健康端到端基地', contactor: '联系人', phone: '13677780001', domain: 'health-e2e', password: 'Health@1234' }
const first17 = '33010619750315123'
const ID_NO = `${first17}${idCheckChar(first17)}`
let device: { deviceNo: string; secret: string }
let context: BrowserContext
let phone: Page
const scripts: string[] = []

async function post(requestId: string, hoursAgo: number, values: Record<string, number>) {
  const { body } = await env.server.api.postReading(device, { requestId, idNo: ID_NO, measuredTime: formatDateTime(new Date(Date.now() - hoursAgo * 3_600_000)), ...values })
  if (body.code !== 200) throw new Error(body.message)
  return body.data.reportUrl
}

beforeAll(async () => {
  const { api } = env.server
  const hq = await api.token()
  await api.createBase(BASE, hq)
  const token = await api.token(BASE.phone, BASE.password)
  expect((await api.call('POST', '/testee/saveNew', { name: '王小明', idNo: ID_NO, phone: '13912345678' }, token)).body.code).toBe(200)
  const machine = await api.call<{ deviceNo: string; secret: string }>('POST', '/machine/save', { type: '血压血糖一体机', deviceNo: 'E2E-DEV-1' }, token)
  device = machine.body.data
  context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })
  context.setDefaultTimeout(30_000)
  phone = await context.newPage()
  phone.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname) })
})
afterAll(async () => context?.close())

describe('the report link on a phone', () => {
  let link: string

  it('one reading: the link opens its result with the three conclusions, readable at 390 px', async () => {
    link = await post('e2e-1', 26, { systolic: 165, diastolic: 95, sugar: 6.4, height: 170, weight: 80 })
    await phone.goto(link)
    await phone.waitForURL('**/activity/result?**')
    const conclusions = phone.getByRole('region', { name: '测量结论' })
    await conclusions.waitFor()
    for (const text of ['165/95', '高血压2级', '空腹血糖受损', '超重', '27.7']) await expect.poll(() => conclusions.textContent()).toContain(text)
    expect(await phone.getByRole('heading', { level: 1 }).textContent()).toBe('王** 的测量结果')
    // nothing wider than the phone: no sideways scrolling
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await shot(phone, 'activity-result-phone')
    expect(scripts.filter((s) => /AntdRoot|Shell|pro-|ProTable|ProLayout/i.test(s))).toEqual([])
  })

  it('two readings: the list shows both, newest first, and each opens its result', async () => {
    link = await post('e2e-2', 1, { systolic: 118, diastolic: 76 })
    await phone.goto(link)
    const list = phone.getByRole('list', { name: '测量报告列表' })
    await list.waitFor()
    const items = list.getByRole('link')
    await expect.poll(() => items.count()).toBe(2)
    expect(await items.first().textContent()).toContain('血压：正常')
    await shot(phone, 'activity-list-phone')
    await items.nth(1).click()
    await phone.waitForURL('**/activity/result?**')
    await expect.poll(() => phone.getByRole('region', { name: '测量结论' }).textContent()).toContain('高血压2级')
    await phone.getByRole('link', { name: /全部报告/ }).click()
    await list.waitFor()
  })

  it('a guessed link (another person\'s number, or no token) shows only a message', async () => {
    const url = new URL(link)
    url.searchParams.set('userNo', String(Number(url.searchParams.get('userNo')) + 1))
    await phone.goto(url.toString())
    await expect.poll(() => phone.getByRole('alert').textContent()).toContain('报告链接无效或已过期')
    url.searchParams.delete('token')
    await phone.goto(url.toString())
    await expect.poll(() => phone.getByRole('alert').textContent()).toContain('请扫描测量设备上的二维码')
    expect(await phone.getByRole('region', { name: '测量结论' }).count()).toBe(0)
  })
})

/**
 * The big screens as headquarters uses them: 总部大屏 shows today's figures and, with the page left
 * open, takes in a reading a base's device posts through the device API at its next refresh (30 s) with
 * no reload; 复制嵌入链接 makes a signed link whose public page shows the same screen without a
 * sign-in and without antd; a changed link is refused, and so is the link once it has expired (the
 * server runs with SCREEN_LINK_SECONDS=25 here, so expiry takes seconds, not a day); another site's
 * page shows the public screen in a frame (SCREEN_FRAME_ANCESTORS's default).
 * Screenshots at 1920×1080 go to /tmp/shots/screens-*.png.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { formatDateTime, idCheckChar, ScreenMsg } from '@app/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { landingMenuOpened, openMenu, shot } from './browser'
import { ADMIN, useServerAndBrowser } from './server'

const LINK_SECONDS = 25
const env = useServerAndBrowser({ SCREEN_LINK_SECONDS: String(LINK_SECONDS) })
let page: Page
const BASE = { name: '大屏端到端基地', contactor: '孙明', phone: '13655570036', domain: 'screen-e2e', password: 'Base@2026', province: '浙江省' }
const first17 = '33010219860101123'
const MEMBER_ID = `${first17}${idCheckChar(first17)}`
let device = { deviceNo: 'SCR-E2E-01', secret: '' }
let link = ''

const cardValue = (p: Page, key: string) => p.getByTestId(`screen-card-${key}`).locator('div').nth(1).innerText()

beforeAll(async () => {
  const { api } = env.server
  const hq = await api.token()
  await api.createBase(BASE, hq)
  const base = await api.token(BASE.phone, BASE.password)
  expect((await api.call('POST', '/testee/saveNew', { name: '大屏会员', idNo: MEMBER_ID, phone: '13712340036' }, base)).status).toBe(200)
  const machine = await api.call<{ secret: string }>('POST', '/machine/save', { type: '血压计', deviceNo: device.deviceNo }, base)
  expect(machine.status).toBe(200)
  device = { ...device, secret: machine.body.data.secret }

  page = await env.signIn(ADMIN, { landing: '**/by_agent/index', viewport: { width: 1920, height: 1080 } })
  await landingMenuOpened(page)
})

describe('数据大屏', () => {
  it('总部大屏 takes in a reading a device posts at its next refresh, without reloading the page', async () => {
    await openMenu(page, '数据大屏', '总部大屏')
    await page.waitForURL('**/screen/index')
    await page.getByRole('heading', { name: `${ScreenMsg.allBases} · 数据大屏` }).waitFor()
    const updated = page.getByTestId('screen-updated')
    await updated.waitFor()
    const before = Number(await cardValue(page, 'measurements'))
    const firstUpdate = await updated.innerText()
    // a page reload would lose this
    await page.evaluate(() => Object.assign(window, { screenNotReloaded: true }))
    await shot(page, 'screens-hq-before')

    const res = await env.server.api.postReading(device, { requestId: 'screen-e2e-1', idNo: MEMBER_ID, measuredTime: formatDateTime(new Date(Date.now() - 60_000)), systolic: 168, diastolic: 104 })
    expect(res.status).toBe(200)

    // the screen asks again every 30 s and the server keeps a scope's figures for 5 s
    await expect.poll(() => cardValue(page, 'measurements'), { timeout: 60_000, interval: 1_000 }).toBe(String(before + 1))
    expect(await updated.innerText()).not.toBe(firstUpdate)
    expect(await updated.innerText()).toMatch(/^更新于 \d{2}:\d{2}:\d{2}$/)
    expect(await page.evaluate(() => (window as unknown as { screenNotReloaded?: boolean }).screenNotReloaded)).toBe(true)
    expect(await cardValue(page, 'abnormalShare')).not.toBe('—')
    await shot(page, 'screens-hq-after')
  })

  it('基地大屏 shows one base\'s figures, its ring above the bars, at 1920×1080 and 1366×768', async () => {
    await openMenu(page, '数据大屏', '基地大屏')
    await page.waitForURL('**/screen/base')
    await page.getByRole('combobox', { name: '基地' }).selectOption({ label: BASE.name })
    await page.getByRole('heading', { name: `${BASE.name} · 数据大屏` }).waitFor()
    await expect.poll(() => cardValue(page, 'measurements'), { timeout: 30_000 }).toBe('1')
    await page.getByText('测量异常占比').waitFor()
    await shot(page, 'screens-base-1920')
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.getByRole('heading', { name: `${BASE.name} · 数据大屏` }).waitFor()
    await shot(page, 'screens-base-1366')
    await page.setViewportSize({ width: 1920, height: 1080 })
    await openMenu(page, '数据大屏', '总部大屏')
    await page.waitForURL('**/screen/index')
  })

  it('复制嵌入链接 makes a signed link whose page shows the screen to anyone, without antd', async () => {
    await page.getByRole('button', { name: '复制嵌入链接' }).click()
    const dialog = page.getByRole('dialog', { name: '大屏嵌入链接' })
    await dialog.waitFor()
    await dialog.getByText(ScreenMsg.linkCreated(`${LINK_SECONDS}秒`), { exact: false }).waitFor()
    link = (await dialog.getByTestId('screen-link').innerText()).trim()
    expect(link).toMatch(/\/screen\/embed\?companyId=1&timestamp=\d+&signature=[\w-]{24}$/)
    await page.keyboard.press('Escape')

    const stranger = await env.browser.newContext({ viewport: { width: 1920, height: 1080 } })
    try {
      const embed = await stranger.newPage()
      const scripts: string[] = []
      embed.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()) })
      embed.on('pageerror', (e) => env.pageErrors.push(e.message))
      await embed.goto(link)
      await embed.getByRole('heading', { name: `${ScreenMsg.allBases} · 数据大屏` }).waitFor()
      expect(await cardValue(embed, 'measurements')).toBe(await cardValue(page, 'measurements'))
      await embed.getByTestId('screen-updated').waitFor()
      expect(scripts.filter((s) => /AntdRoot|Shell|ProLayout/i.test(s))).toEqual([])
      await shot(embed, 'screens-embed')

      // another site's page (another origin) shows the screen in a frame
      const portal = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><title>门户</title><iframe title="大屏" src="${link}" width="1280" height="720"></iframe>`))
      await new Promise<void>((r) => portal.listen(0, '127.0.0.1', r))
      try {
        await embed.goto(`http://127.0.0.1:${(portal.address() as AddressInfo).port}/`)
        await embed.frameLocator('iframe').getByRole('heading', { name: `${ScreenMsg.allBases} · 数据大屏` }).waitFor()
        await embed.frameLocator('iframe').locator('canvas').first().waitFor()
        await shot(embed, 'screens-embed-framed')
      } finally {
        portal.close()
      }

      // the same link with another base's number: the signature no longer fits
      const changed = link.replace('companyId=1&', 'companyId=2&')
      await embed.goto(changed)
      await embed.getByText(ScreenMsg.linkInvalid).first().waitFor()
      expect(await embed.getByTestId('screen-card-measurements').count()).toBe(0)
    } finally {
      await stranger.close()
    }
  })

  it('an expired link is refused: its page says so and shows no figures', async () => {
    const made = Number(new URL(link).searchParams.get('timestamp'))
    const stranger = await env.browser.newContext({ viewport: { width: 1366, height: 768 } })
    try {
      const embed = await stranger.newPage()
      await new Promise((r) => setTimeout(r, Math.max(0, made + LINK_SECONDS * 1000 + 1000 - Date.now())))
      await embed.goto(link)
      await embed.getByText(ScreenMsg.linkExpired(`${LINK_SECONDS}秒`)).first().waitFor()
      expect(await embed.getByTestId('screen-card-measurements').count()).toBe(0)
      await shot(embed, 'screens-embed-expired')
    } finally {
      await stranger.close()
    }
  })
})

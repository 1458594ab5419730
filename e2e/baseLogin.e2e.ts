/**
 * A base's own login page: opened on the base's sub-domain (jia.localtest, yi.localtest, both mapped
 * to the test server by Chromium's resolver rules) it shows that base's name and picture and signs in
 * to that base; an account of another base is told it does not belong here; the plain address shows
 * the product's own page.
 */
import sharp from 'sharp'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, loginViaForm, newContext, shot } from './browser'
import { startServer, type TestServer } from './server'

const JIA = { name: '甲地检验基地', contactor: '甲联系人', phone: '13677770001', domain: 'jia', password: 'Jia@123456' }
const YI = { name: '乙地检验基地', contactor: '乙联系人', phone: '13677770002', domain: 'yi', password: 'Yi@1234567' }

let server: TestServer
let browser: Browser
let context: BrowserContext
let page: Page
const hostUrl = (domain: string, path: string) => `http://${domain}.localtest:${server.port}${path}`

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser(['--host-resolver-rules=MAP *.localtest 127.0.0.1'])])
  const { api } = server
  const hq = await api.token()
  const png = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#cc3333' } }).png().toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'jia.png')
  const up = await fetch(`${server.url}/api/attachments?fileType=5`, { method: 'POST', headers: { authorization: `Bearer ${hq}` }, body: form })
  const picId = ((await up.json()) as { data: { id: number } }).data.id
  await api.createBase({ ...JIA, picId }, hq)
  await api.createBase(YI, hq)
  context = await newContext(browser, server.url)
  page = await context.newPage()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('a base\'s own login page', () => {
  it('on its sub-domain shows the base\'s name and picture and signs in to that base', async () => {
    await page.goto(hostUrl('jia', '/login'))
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(JIA.name)
    const picture = page.getByRole('img', { name: `${JIA.name}图片` })
    await picture.waitFor()
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
    expect(await page.title()).toContain(JIA.name)
    await shot(page, 'base-login-jia')
    await loginViaForm(page, JIA.phone, JIA.password)
    await page.waitForURL((u) => !u.pathname.startsWith('/login'))
    await expect.poll(() => page.getByTestId('company-name').textContent(), { timeout: 30_000 }).toBe(JIA.name)
  })

  it('another base\'s page tells an account of a base it does not belong to, and shows its own name without a picture', async () => {
    const other = await newContext(browser, server.url)
    const yi = await other.newPage()
    await yi.goto(hostUrl('yi', '/login'))
    await expect.poll(() => yi.getByRole('heading', { level: 1 }).textContent()).toBe(YI.name)
    expect(await yi.getByRole('img', { name: /图片$/ }).count()).toBe(0)
    await loginViaForm(yi, JIA.phone, JIA.password)
    await expect.poll(() => yi.getByRole('alert').textContent()).toContain('该账号不属于本基地')
    expect(new URL(yi.url()).pathname).toBe('/login')
    await shot(yi, 'base-login-yi-refused')
    await other.close()
  })

  it('the plain address shows the product\'s own login page', async () => {
    const plain = await newContext(browser, server.url)
    const p = await plain.newPage()
    await p.goto('/login')
    await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe('基地业务管理后台')
    await plain.close()
  })
})

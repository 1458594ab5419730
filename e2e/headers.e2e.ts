/**
 * The built web app under its Content-Security-Policy: walking the main screens (sign-in, every menu
 * page, a top-up dialog, a picture preview from a blob: URL) and Swagger UI raises no CSP violation,
 * and the pages cannot be framed.
 */
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { dialogNamed, loginViaForm, shot, sider, tableRows } from './browser'
import type { MenuNode } from '@app/contract'
import { ADMIN, useServerAndBrowser } from './server'

const env = useServerAndBrowser()
let context: BrowserContext
let page: Page
/** every CSP violation any page of the context reported, from the DOM event and from the console */
const violations: string[] = []

beforeAll(async () => {
  context = await env.context()
  await context.exposeBinding('reportCspViolation', (_source, text: string) => { violations.push(text) })
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(`${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`)
    })
  })
  page = await context.newPage()
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(`${page.url()}: ${msg.text()}`)
  })
})
afterAll(async () => context?.close())

/** Opens a screen of the app and waits until it has settled; a screen that does not says which it was and where it ended. */
async function visit(path: string, ready: () => Promise<unknown>) {
  const res = await page.goto(path)
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  try {
    await ready()
  } catch (e) {
    await shot(page, `headers-stuck${path.replace(/\//g, '-')}`)
    throw new Error(`${path} did not settle (now at ${page.url()}): ${(e as Error).message}`)
  }
  await page.waitForLoadState('networkidle')
}

describe('the web app under its Content-Security-Policy', () => {
  it('signs in and walks every menu page without a violation', async () => {
    // every page of headquarters' menu, as the server gives it (asked before the browser's own sign-in)
    const { api } = env.server
    const info = await api.call<{ menus: MenuNode[] }>('GET', '/users/info', undefined, await api.token())
    const pagesOf = (nodes: MenuNode[], parent = ''): string[] => nodes.flatMap((n) => {
      const at = n.path.startsWith('/') ? n.path : `${parent}/${n.path}`
      return n.children?.length ? pagesOf(n.children, at) : [at]
    })
    const menuPages = [...pagesOf(info.body.data.menus), '/profile/index']
    expect(menuPages).toContain('/screen/index')
    await visit('/login', () => page.getByRole('button', { name: /登\s*录/ }).waitFor())
    await loginViaForm(page, ADMIN.username, ADMIN.password)
    await page.waitForURL((u) => u.pathname !== '/login')
    // signed in once the shell shows its menu (a reload before that can land back on /login)
    await sider(page).getByText('运单管理', { exact: true }).waitFor()
    for (const path of menuPages) {
      // this test is about the policy, not speed: a loaded CI machine once took over 15 s to show one of these
      await visit(path, () => page.getByRole('main').first().waitFor({ timeout: 45_000 }))
      // the page itself, not the 404 an unknown path is sent on to (whose shell shows a main for a moment first)
      expect(new URL(page.url()).pathname).toBe(path)
    }
    expect(violations).toEqual([])
  })

  it('tops a base up through its dialog', async () => {
    await visit('/agent/index', () => tableRows(page).first().waitFor())
    await tableRows(page).first().getByText('充值', { exact: true }).click()
    const dialog = dialogNamed(page, /^充值/)
    await dialog.getByLabel('充值次数').fill('3')
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('充值成功').waitFor()
    expect(violations).toEqual([])
  })

  it('previews a picked photo (blob: URL) in the rule tester', async () => {
    await visit('/bill/rule', () => page.getByRole('button', { name: /规则测试/ }).waitFor())
    await page.getByRole('button', { name: /规则测试/ }).click()
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } }).png().toBuffer()
    await page.getByTestId('rule-tester').locator('input[type=file]').setInputFiles({ name: '票据.png', mimeType: 'image/png', buffer: photo })
    const preview = page.locator('img[src^="blob:"]').first()
    await preview.waitFor()
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64)
    expect(violations).toEqual([])
  })
})

describe('Swagger UI', () => {
  it('renders the API documentation without a violation', async () => {
    await visit('/api/docs', () => page.getByRole('heading', { name: /基地业务管理后台 API/ }).waitFor())
    // an operation of the API (Swagger UI's own block, which has no role of its own)
    await page.locator('.opblock').first().waitFor()
    expect(violations).toEqual([])
  })
})

describe('framing', () => {
  it('cannot be framed by another page', async () => {
    const framing = await context.newPage()
    // setContent waits for the frame's load event, refused or not
    await framing.setContent(`<iframe src="${env.server.url}/login"></iframe>`)
    const frame = framing.frames().find((f) => f !== framing.mainFrame())
    expect(frame).toBeDefined()
    // the frame stays empty: Chromium refuses the document (frame-ancestors 'none', X-Frame-Options DENY)
    const loaded = await frame!.evaluate(() => !!document.querySelector('#root')).catch(() => false)
    expect(loaded).toBe(false)
    await framing.close()
  })
})

/** Debian's Chromium through playwright-core, and small helpers for what a user sees. */
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { expect } from 'vitest'

export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots'
const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(EXECUTABLE)) {
    throw new Error(`${EXECUTABLE} is missing: apt-get update && apt-get install -y chromium fonts-noto-cjk`)
  }
  return chromium.launch({
    executablePath: EXECUTABLE,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-dev-shm-usage',
    ],
  })
}

export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1366, height: 820 } })
  context.setDefaultTimeout(15_000)
  return context
}

export async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: false })
}

/** Fills the login form and submits it. */
export async function loginViaForm(page: Page, username: string, password: string, opts: { remember?: boolean } = {}) {
  await page.getByPlaceholder('用户名（手机号）').fill(username)
  await page.getByPlaceholder('密码', { exact: true }).fill(password)
  if (opts.remember !== undefined) {
    const box = page.getByRole('checkbox', { name: '记住登录' })
    if ((await box.isChecked()) !== opts.remember) await box.click()
  }
  await page.getByRole('button', { name: /登\s*录/ }).click()
}

/** A new page of `context` signed in through the login form and on the landing page; its page errors go to `errors`. */
export async function signedInPage(context: BrowserContext, user: { username: string; password: string }, errors: string[]) {
  const page = await context.newPage()
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto('/login')
  await loginViaForm(page, user.username, user.password)
  await page.waitForURL('**/by_agent/index')
  return page
}

/** The rows of the page's table (antd), or those holding `text`. */
export const tableRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row')
export const tableRow = (page: Page, text: string | RegExp) => tableRows(page).filter({ hasText: text })

/** The antd message (toast) holding `text`. */
export const toastOf = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first()

/** Presses a dialog's 确定 (antd puts a space between two-character labels), once it has finished opening. */
export async function confirmIn(dialog: Locator) {
  await dialogOpened(dialog)
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
}

/**
 * Opens a menu item, opening its section first unless it is open. On a loaded machine a click can
 * land while the section still folds in or out and open nothing: the item is clicked again until the
 * menu shows it selected.
 */
export async function openMenu(page: Page, section: string, item: string) {
  const submenu = page.locator('.ant-pro-sider li.ant-menu-submenu').filter({ has: page.getByText(section, { exact: true }) })
  const entry = submenu.locator('li.ant-menu-item').filter({ has: page.getByText(item, { exact: true }) })
  for (let attempt = 1; ; attempt++) {
    if (!/ant-menu-submenu-open/.test((await submenu.getAttribute('class')) ?? '')) await submenu.getByText(section, { exact: true }).click()
    await submenu.getByText(item, { exact: true }).click()
    try {
      await expect.poll(async () => (await entry.getAttribute('class')) ?? '', { timeout: 5_000 }).toMatch(/ant-menu-item-selected/)
      return
    } catch (e) {
      if (attempt === 3) throw e
    }
  }
}

/**
 * Waits until a dialog has finished its opening animation: a click while it still zooms in can land on
 * the mask instead of the control under the pointer. An animation cancelled meanwhile (a form message
 * replaced by the next) is over too: its `finished` rejects with AbortError, which is no failure.
 */
export async function dialogOpened(dialog: Locator) {
  await dialog.waitFor()
  await dialog.evaluate((el) => Promise.all((el.closest('.ant-modal-root') ?? el).getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))))
}

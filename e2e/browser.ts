/** Debian's Chromium through playwright-core, and small helpers for what a user sees. */
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { expect } from 'vitest'

export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots'
const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** `extraArgs`: e.g. `--host-resolver-rules=MAP *.localtest 127.0.0.1`, to open a base's sub-domain. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!fs.existsSync(EXECUTABLE)) {
    throw new Error(`${EXECUTABLE} is missing: apt-get update && apt-get install -y chromium fonts-noto-cjk`)
  }
  return chromium.launch({
    executablePath: EXECUTABLE,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-dev-shm-usage', ...extraArgs,
    ],
  })
}

export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1366, height: 820 } })
  // a limit that catches a hang: a page on a machine busy with other work takes several times a quiet one's
  context.setDefaultTimeout(30_000)
  await context.addInitScript(recordToasts)
  return context
}

/**
 * Runs in every page: notes each toast (antd message) as it appears. A toast lives 3 s, and on a
 * loaded machine a check may come later than that, so `toastOf` reads this record, not the screen.
 */
function recordToasts() {
  const seen: string[] = []
  ;(window as unknown as { __toasts: string[] }).__toasts = seen
  const noted = new WeakMap<Element, string>()
  new MutationObserver(() => {
    for (const notice of Array.from(document.querySelectorAll('.ant-message-notice'))) {
      const text = (notice.textContent ?? '').replace(/\s+/g, ' ').trim()
      if (text && noted.get(notice) !== text) {
        noted.set(notice, text)
        seen.push(text)
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true })
}

export async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: false })
}

/** Fills the login form and submits it. */
export async function loginViaForm(page: Page, username: string, password: string, opts: { remember?: boolean } = {}) {
  await page.getByPlaceholder('账号（手机号）').fill(username)
  await page.getByPlaceholder('密码', { exact: true }).fill(password)
  if (opts.remember !== undefined) {
    const box = page.getByRole('checkbox', { name: '记住登录' })
    if ((await box.isChecked()) !== opts.remember) await box.click()
  }
  await page.getByRole('button', { name: /登\s*录/ }).click()
}

/** The base landing page's menu section has opened and finished moving (openMenu reads which sections are open). */
export async function landingMenuOpened(page: Page) {
  await menuEntry(page, '运单管理').and(page.getByRole('menuitem', { expanded: true })).waitFor()
  await page.waitForTimeout(400)
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

const pageOf = (scope: Page | Locator): Page => ('page' in scope ? scope.page() : scope)

/**
 * The rows of records in the tables in `scope`: the rows antd keys by their record (data-row-key), so
 * neither the header row nor the row an empty table shows its 暂无… in.
 */
export const tableRows = (scope: Page | Locator) => scope.getByRole('row').and(pageOf(scope).locator('[data-row-key]'))
export const tableRow = (scope: Page | Locator, text: string | RegExp) => tableRows(scope).filter({ hasText: text })

/** The position of the column headed `header` in the table holding `row` (the header's text, not its place, names it). */
export async function columnIndex(row: Locator, header: string | RegExp): Promise<number> {
  // the nearest holder of a thead (antd puts hidden measuring cells, th too, in the tbody)
  const table = row.locator('xpath=ancestor::*[.//thead][1]')
  const titles = await table.getByRole('columnheader').evaluateAll((ths) => ths.flatMap((th) =>
    Array.from({ length: (th as HTMLTableCellElement).colSpan || 1 }, () => (th.textContent ?? '').trim())))
  const index = titles.findIndex((t) => (typeof header === 'string' ? t === header : header.test(t)))
  if (index < 0) throw new Error(`no column ${header} among ${JSON.stringify(titles)}`)
  return index
}

/** The cell of `row` under the column headed `header`, e.g. cellOf(row, '所属基地'). */
export async function cellOf(row: Locator, header: string | RegExp): Promise<Locator> {
  return row.getByRole('cell').nth(await columnIndex(row, header))
}

/** The texts of the column headed `header` in the body rows of the tables in `scope`. */
export async function columnTexts(scope: Page | Locator, header: string | RegExp): Promise<string[]> {
  const rows = tableRows(scope)
  if ((await rows.count()) === 0) return []
  const index = await columnIndex(rows.first(), header)
  return rows.evaluateAll((trs, i) => trs.map((tr) => tr.querySelectorAll(':scope > td')[i]?.textContent ?? ''), index)
}

/** The dialog titled `title`. */
export const dialogNamed = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title })

/**
 * The message (toast) holding `text`: `waitFor` returns once the page has shown one since it was
 * opened (or reloaded) that no earlier wait took, even if it is gone by then (`recordToasts`).
 */
export const toastOf = (page: Page, text: string | RegExp) => ({
  async waitFor(opts: { timeout?: number } = {}) {
    const wanted: { text?: string; source?: string; flags?: string } =
      typeof text === 'string' ? { text: text.replace(/\s+/g, ' ').trim() } : { source: text.source, flags: text.flags }
    await page.waitForFunction((w) => {
      const seen = (window as unknown as { __toasts?: string[] }).__toasts ?? []
      const i = seen.findIndex((t) => (w.text !== undefined ? t.includes(w.text) : new RegExp(w.source!, w.flags).test(t)))
      if (i >= 0) seen.splice(i, 1)
      return i >= 0
    }, wanted, { timeout: opts.timeout, polling: 100 })
  },
})

/**
 * The options a select or an auto-complete input (its combobox) shows: the element the combobox
 * controls (aria-controls) is the screen readers' copy of the list, the options shown are beside it.
 */
export async function optionList(combobox: Locator): Promise<Locator> {
  const list = await combobox.getAttribute('aria-controls')
  return combobox.page().locator(`[id="${list}"]`).locator('xpath=..')
}

/**
 * Opens a select by a click on its combobox, as a user does (the value shown lies over the input and
 * takes the click there). A select that kept the focus (a dialog closed gives it back) toggles shut on
 * that click; then the arrow key opens it, as it would for a user.
 */
export async function openSelect(combobox: Locator) {
  await combobox.click({ force: true })
  if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.press('ArrowDown')
}

/** Opens a select (its combobox, e.g. getByLabel of its form label) and picks the option showing `option`. */
export async function chooseOption(combobox: Locator, option: string | RegExp) {
  await openSelect(combobox)
  const list = await optionList(combobox)
  const choice = list.getByText(option, { exact: true }).filter({ visible: true })
  await choice.click()
  if (await combobox.evaluate((el) => !!el.closest('.ant-select-multiple'))) return
  // a single select shuts its list on the pick; until its closing animation ends, the list takes the
  // next click meant for what lies under it (on a loaded machine, for seconds). There a click on an
  // option as the list opens can also be lost (the option hovered, nothing picked, the list left open,
  // seen at load 8): the list still expanded a while later is clicked again, as a user would
  for (let clicks = 1; ; clicks++) {
    const shut = await list.waitFor({ state: 'hidden', timeout: 10_000 }).then(() => true, () => false)
    if (shut) return
    if (clicks === 4) throw new Error(`the option ${String(option)} was clicked ${clicks} times and its list stayed open`)
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') continue
    // said aloud: a lost click that a user would meet too should show in the log
    console.log(`chooseOption: the list of ${String(option)} stayed open after a click; clicking it again`)
    await choice.click({ timeout: 10_000 }).catch(() => {})
  }
}

/** The open pop-up confirmation (Popconfirm): a tooltip with a 确定 button. */
export const popconfirmOf = (page: Page) =>
  page.getByRole('tooltip').filter({ visible: true }).filter({ has: page.getByRole('button', { name: /确\s*定/ }) })

/** A list page's search form: the form with the 查询 button. */
export const searchForm = (page: Page) => page.locator('form').filter({ has: page.getByRole('button', { name: /查\s*询/ }) })

/** Presses a dialog's 确定 (antd puts a space between two-character labels), once it has finished opening. */
export async function confirmIn(dialog: Locator) {
  await dialogOpened(dialog)
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
}

/** The side menu (the layout's <aside>). */
export const sider = (page: Page) => page.getByRole('complementary')

/** The side menu's entry (a section's title or an item) reading `text`. */
export const menuEntry = (page: Page, text: string) =>
  sider(page).getByRole('menuitem').filter({ has: page.getByText(text, { exact: true }) })

/**
 * Opens a menu item, opening its section first unless it is open (`null`: an item at the top level, a section of one page). On a loaded machine a click can
 * land while the section still folds in or out and open nothing: the item is clicked again until the
 * menu shows it selected.
 */
export async function openMenu(page: Page, section: string | null, item: string) {
  const title = section === null ? null : menuEntry(page, section)
  const entry = menuEntry(page, item)
  for (let attempt = 1; ; attempt++) {
    if (title && (await title.getAttribute('aria-expanded')) !== 'true') await title.click()
    await entry.click()
    try {
      // the menu tells the selected item by its class alone (no aria-selected or aria-current on a menuitem)
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

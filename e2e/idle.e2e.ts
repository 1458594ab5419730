/** Idle session (spec 001 §4, §9): 30 minutes without a click ends the session. */
import { describe, expect, it } from 'vitest'
import { IDLE_TIMEOUT_MS, Msg } from '@app/contract'
import { loginViaForm, shot, sider } from './browser'
import { ADMIN, useServerAndBrowser } from './server'

const env = useServerAndBrowser()

describe('idle time-out', () => {
  it('after 30 idle minutes shows 温馨提示, ends the session and lands on /login', async () => {
    const context = await env.context()
    const page = await context.newPage()
    await page.clock.install()
    await page.goto('/login')
    await loginViaForm(page, ADMIN.username, ADMIN.password)
    await page.waitForURL('**/by_agent/index')
    await sider(page).getByText('运单管理', { exact: true }).waitFor()
    const token = await page.evaluate(() => sessionStorage.getItem('token'))
    expect(token).toBeTruthy()

    // activity resets the clock: 20 minutes, a click, 20 more minutes: still signed in
    await page.clock.fastForward(20 * 60 * 1000)
    await sider(page).getByText('用户管理', { exact: true }).click()
    await sider(page).getByText('用户列表', { exact: true }).click()
    await page.waitForURL('**/user/index')
    // the page itself, not only its URL: until it renders, the app's location is still the home page's
    await page.getByText('全部用户', { exact: true }).waitFor()
    await page.clock.fastForward(20 * 60 * 1000)
    const before = new URL(page.url()).pathname
    expect(before).toBe('/user/index')
    expect(await page.getByText(Msg.idleTitle).count()).toBe(0)

    await page.clock.fastForward(IDLE_TIMEOUT_MS)
    const notice = page.getByRole('dialog').filter({ hasText: Msg.idleTitle })
    await notice.waitFor()
    expect(await notice.textContent()).toContain(Msg.idleLogout)
    // polled rather than waitForURL so that a failure names where the page went
    const here = () => {
      const u = new URL(page.url())
      return `${u.pathname}?redirect=${u.searchParams.get('redirect')}`
    }
    await expect.poll(here).toBe(`/login?redirect=${before}`)
    const ok = notice.getByRole('button', { name: /确\s*定/ })
    await ok.waitFor()
    // the browser's clock is the test's: move it on so the dialog's opening animation finishes
    // (until then antd's modal wrapper takes the clicks)
    await page.clock.runFor(1000)
    await shot(page, 'idle-logout')
    // one notice only: a request still in flight must not stack the "logged out" confirm on top
    expect(await page.getByRole('dialog').filter({ hasText: Msg.loggedOutTitle }).count()).toBe(0)
    await ok.click()
    await notice.waitFor({ state: 'hidden' })
    await page.getByPlaceholder('账号（手机号）').waitFor()

    // the server session is over too
    expect((await env.server.api.call('GET', '/users/info', undefined, token!)).status).toBe(401)
    await context.close()
  })
})

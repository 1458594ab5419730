/** Login lock (spec: 5 failures lock the account for 10 minutes), as shown on the login page. */
import { describe, expect, it } from 'vitest'
import { LOGIN_LOCK, loginLockedMessage, Msg } from '@app/contract'
import { loginViaForm, shot } from './browser'
import { ADMIN, useServerAndBrowser } from './server'

const env = useServerAndBrowser()

describe('login lock', () => {
  it('after 5 wrong passwords shows the lock message, and refuses even the right password', async () => {
    const context = await env.context()
    const page = await context.newPage()
    await page.goto('/login')
    const error = page.getByTestId('login-error')
    for (let i = 1; i < LOGIN_LOCK.failures; i++) {
      await loginViaForm(page, ADMIN.username, `wrong-${i}`)
      await error.filter({ hasText: Msg.loginFailed }).waitFor()
      // the next attempt must show a fresh answer
      await page.getByPlaceholder('密码', { exact: true }).fill('x')
      await error.waitFor({ state: 'detached' })
    }
    await loginViaForm(page, ADMIN.username, 'wrong-last')
    const locked = loginLockedMessage(LOGIN_LOCK.lockMs / 60_000)
    await error.filter({ hasText: locked }).waitFor()
    await shot(page, 'login-locked')

    await loginViaForm(page, ADMIN.username, ADMIN.password)
    await error.filter({ hasText: '账号已锁定' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')
    await context.close()
  })
})

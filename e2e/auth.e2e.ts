/**
 * Sign-in, the shell, the profile page and the access guard, as a user sees them.
 * Screenshots go to /tmp/shots (login, shell, profile, 404).
 */
import { describe, expect, it } from 'vitest'
import { Msg } from '@app/contract'
import { loginViaForm, shot, sider } from './browser'
import { ADMIN, useServerAndBrowser } from './server'

const env = useServerAndBrowser()
/** admin's password: the profile test changes it, later tests use the new one */
let adminPassword: string = ADMIN.password


describe('login page', () => {
  it('sends a visitor to the login page, and shows the server message for a wrong password', async () => {
    const context = await env.context()
    const page = await context.newPage()
    await page.goto('/agent/index')
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/agent/index')
    await page.getByText('基地业务管理后台').first().waitFor()
    expect(await page.title()).toContain('登录')
    await shot(page, 'login')

    await loginViaForm(page, ADMIN.username, 'not-the-password')
    const error = page.getByTestId('login-error')
    await error.waitFor()
    expect(await error.textContent()).toContain(Msg.loginFailed)
    expect(new URL(page.url()).pathname).toBe('/login')
    await shot(page, 'login-error')

    // the form validates before calling the server
    await page.getByPlaceholder('账号（手机号）').fill('')
    await page.getByRole('button', { name: /登\s*录/ }).click()
    await page.getByText('请输入账号').waitFor()
    await context.close()
  })

  it('fetches the first signed-in screen at low priority once the user types, so that 登录 is not queued behind it', async () => {
    const context = await env.context()
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    const priority = new Map<string, string>()
    // the first request for each path (a stylesheet is asked for again when it is applied)
    cdp.on('Network.requestWillBeSent', (e) => {
      const path = new URL(e.request.url).pathname
      if (!priority.has(path)) priority.set(path, e.request.initialPriority)
    })
    await page.goto('/login')
    const assets = (await page.locator('meta[name="signed-in-assets"]').getAttribute('content'))!.split(' ')
    expect(assets.some((a) => /^\/assets\/Shell-.*\.js$/.test(a))).toBe(true)
    const requested = () => assets.filter((a) => priority.has(a))
    expect(requested()).toEqual([])

    await page.getByPlaceholder('账号（手机号）').fill(ADMIN.username)
    await expect.poll(() => requested().length).toBe(assets.length)
    expect(assets.filter((a) => priority.get(a) !== 'Low')).toEqual([])
    await loginViaForm(page, ADMIN.username, adminPassword)
    // the home grid's body, empty or not
    await page.getByTestId('grid-body').waitFor()
    expect(priority.get('/api/users/login')).toBe('High')
    await context.close()
  })

  it('offers the forgot-password dialog with the password rules', async () => {
    const context = await env.context()
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByRole('button', { name: '忘记密码' }).click()
    const dialog = page.getByRole('dialog', { name: '忘记密码' })
    await dialog.waitFor()
    await dialog.getByLabel('手机号').fill('13800000000')
    await dialog.getByLabel('验证码').fill('123456')
    await dialog.getByLabel('新密码', { exact: true }).fill('abc')
    await dialog.getByLabel('确认新密码').fill('abd')
    await dialog.getByRole('button', { name: '重置密码' }).click()
    await dialog.getByText(Msg.passwordTooShort).waitFor()
    await dialog.getByText(Msg.passwordMismatch).waitFor()
    // an unknown phone is answered like a registered one (nobody learns who is registered); its code never matches
    await dialog.getByRole('button', { name: '获取验证码' }).click()
    await page.getByText(Msg.sendOk).waitFor()
    await dialog.getByRole('button', { name: /秒后重新获取/ }).waitFor()
    await dialog.getByLabel('新密码', { exact: true }).fill('Brand9New')
    await dialog.getByLabel('确认新密码').fill('Brand9New')
    await dialog.getByRole('button', { name: '重置密码' }).click()
    await dialog.getByRole('alert').filter({ hasText: Msg.smsCodeWrong }).waitFor()
    await context.close()
  })
  it('logs in with a single-use ?token= link, and explains a used or unknown one', async () => {
    const admin = await env.server.api.token()
    const issued = await env.server.api.call<{ token: string }>('POST', '/users/loginToken', undefined, admin)
    expect(issued.status).toBe(200)
    const context = await env.context()
    const page = await context.newPage()
    await page.goto(`/login?token=${encodeURIComponent(issued.body.data.token)}&redirect=%2Fprofile%2Findex`)
    await page.waitForURL('**/profile/index')
    await page.getByRole('table').filter({ hasText: '账号' }).getByText('admin', { exact: true }).waitFor()

    const other = await env.context()
    const again = await other.newPage()
    await again.goto(`/login?token=${encodeURIComponent(issued.body.data.token)}`)
    const error = again.getByTestId('login-error')
    await error.waitFor()
    expect(await error.textContent()).toContain(Msg.fetchFailed)
    expect(await error.textContent()).toContain('登录链接已失效')
    expect(new URL(again.url()).searchParams.get('token')).toBeNull()
    await again.getByPlaceholder('账号（手机号）').waitFor()
    await other.close()
    await context.close()
  })
})

describe('signed in', () => {
  it('logs in, shows the menu, the profile, changes the password, logs out and in again', async () => {
    // a second session of the same user, to see it end when the password changes
    const other = await env.context()
    const otherPage = await other.newPage()
    await otherPage.goto('/login')
    await loginViaForm(otherPage, ADMIN.username, ADMIN.password)
    await otherPage.waitForURL('**/by_agent/index')

    const context = await env.context()
    const page = await context.newPage()
    await page.goto('/login?redirect=%2Fuser%2Findex')
    await loginViaForm(page, ADMIN.username, ADMIN.password, { remember: true })
    await page.waitForURL('**/user/index')

    // menu from the server's tree, company name in the navbar, a not-yet-built page explains itself
    const menu = sider(page)
    // one-page sections are their page at the top level (上传票据, 日志列表, 物品列表)
    for (const section of ['运单管理', '上传票据', '检验管理', '基地管理', '用户管理', '票据配置', '日志列表', '物品列表']) {
      await menu.getByText(section, { exact: true }).waitFor()
    }
    expect(await menu.getByText('物品登记', { exact: true }).count()).toBe(0)
    await page.getByTestId('company-name').filter({ hasText: '总部' }).waitFor()
    await page.getByRole('navigation').getByText('用户列表').waitFor()

    await page.goto('/imagesearch/index')
    await page.getByText('物品列表').first().waitFor()
    await shot(page, 'shell')

    // remembered login: token and user name kept, the password nowhere
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
    expect(stored).toContain('admin')
    expect(stored).not.toContain(ADMIN.password)
    expect(stored).not.toContain(btoa(ADMIN.password))

    // sidebar collapse is remembered across reloads
    // the layout's collapse button has no role or name, and the collapsed state no aria: their classes find them
    await page.locator('.ant-pro-sider-collapsed-button').click()
    await page.reload()
    await page.locator('.ant-pro-sider.ant-layout-sider-collapsed').waitFor()
    await page.locator('.ant-pro-sider-collapsed-button').click()

    // profile through the avatar menu
    await page.getByTestId('avatar-menu').hover()
    await page.getByRole('menuitem', { name: '个人中心' }).click()
    await page.waitForURL('**/profile/index')
    await page.getByText('账号', { exact: true }).waitFor()
    const profile = page.getByRole('table').filter({ hasText: '账号' })
    await profile.getByText('admin', { exact: true }).waitFor()
    await profile.getByText('总部', { exact: true }).waitFor()
    expect(await profile.textContent()).toMatch(/创建时间\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)
    await shot(page, 'profile')

    // password rules, then the change, which asks for the current password first
    const form = page.locator('form#change-password')
    await form.getByLabel('新密码').fill('12345')
    await form.getByLabel('确认密码').fill('123456')
    await form.getByRole('button', { name: '修改密码' }).click()
    await form.getByText('请输入当前密码').waitFor()
    await form.getByText(Msg.passwordTooShort).waitFor()
    await form.getByText(Msg.passwordMismatch).waitFor()
    const newPassword = 'New@Pass2024'
    await form.getByLabel('当前密码').fill('not-my-password')
    await form.getByLabel('新密码').fill(newPassword)
    await form.getByLabel('确认密码').fill(newPassword)
    await form.getByRole('button', { name: '修改密码' }).click()
    await form.getByRole('alert').filter({ hasText: Msg.currentPasswordWrong }).waitFor()
    await shot(page, 'profile-wrong-current')
    await form.getByLabel('当前密码').fill(ADMIN.password)
    await form.getByRole('button', { name: '修改密码' }).click()
    await page.getByText(Msg.passwordUpdated).waitFor()

    // the other session is over: its next call opens the logout confirm
    await sider(otherPage).getByText('运单管理', { exact: true }).waitFor()
    await otherPage.getByTestId('avatar-menu').hover()
    await otherPage.getByRole('menuitem', { name: '个人中心' }).click()
    const confirm = otherPage.getByRole('dialog').filter({ hasText: Msg.loggedOutTitle })
    await confirm.waitFor()
    expect(await confirm.textContent()).toContain(Msg.loggedOut)
    await confirm.getByRole('button', { name: Msg.relogin }).click()
    await otherPage.waitForURL((u) => u.pathname === '/login')
    await other.close()

    // log out, the old password no longer works, the new one does
    await page.getByTestId('avatar-menu').hover()
    await page.getByRole('menuitem', { name: '退出登录' }).click()
    await page.waitForURL((u) => u.pathname === '/login')
    expect(await page.getByPlaceholder('账号（手机号）').inputValue()).toBe('admin') // remembered name
    await page.goto('/profile/index')
    await page.waitForURL((u) => u.pathname === '/login')
    await loginViaForm(page, ADMIN.username, ADMIN.password)
    expect(await page.getByTestId('login-error').textContent()).toContain(Msg.loginFailed)
    await loginViaForm(page, ADMIN.username, newPassword)
    await page.waitForURL('**/profile/index')
    await page.getByText('修改密码', { exact: true }).first().waitFor()

    // the API agrees: the old password is refused
    expect((await env.server.api.login(ADMIN.username, ADMIN.password)).status).toBe(400)
    adminPassword = newPassword
    await context.close()
  })

  it('shows the 404 screen for unknown paths and paths outside the menu, with a link home', async () => {
    const context = await env.context()
    const page = await context.newPage()
    await page.goto('/login')
    await loginViaForm(page, ADMIN.username, adminPassword)
    await page.waitForURL('**/by_agent/index')

    await page.goto('/no/such/page')
    await page.waitForURL('**/404')
    await page.getByText('OOPS!').waitFor()
    await page.getByText('请检查您输入的网址是否正确').waitFor()
    await shot(page, 'not-found')
    await page.getByRole('button', { name: '返回首页' }).click()
    await page.waitForURL('**/by_agent/index')

    // a section path redirects to its first page; a logged-in user opening /login goes home
    await page.goto('/agent')
    await page.waitForURL('**/agent/index')
    await page.goto('/login')
    await page.waitForURL('**/by_agent/index')
    // TODO(lead): with the users endpoints, log in as a base user and check /agent/index shows the 404 screen
    await context.close()
  })
})

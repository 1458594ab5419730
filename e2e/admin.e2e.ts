/**
 * Administration as a user sees it (issue 3): headquarters adds a base with a region, tops it up,
 * adds a user, imports users from xlsx; that user signs in and sees only that base; a base user
 * cannot open the base list by URL; roles show by their Chinese names. Screenshots go to /tmp/shots (agent-*, user-*, record-*).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { cellOf, chooseOption, columnTexts, dialogNamed as dialog, launchBrowser, loginViaForm, newContext, shot, sider, tableRow as row, tableRows } from './browser'
import { ADMIN, startServer, type TestServer } from './server'

let server: TestServer
let browser: Browser
let admin: Page
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-admin-'))

const BASE = { name: '西湖检验基地', contactor: '林经理', phone: '13512340000', domain: 'xihu', password: 'Main@12345' }
const USER = { phone: '13512340001', name: '周检验', password: 'User@12345' }
const IMPORTED = { phone: '13512340002', name: '吴导入', password: 'Import@123' }

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  const context = await newContext(browser, server.url)
  admin = await context.newPage()
  await admin.goto('/login?redirect=%2Fagent%2Findex')
  await loginViaForm(admin, ADMIN.username, ADMIN.password)
  await admin.waitForURL('**/agent/index')
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  fs.rmSync(tmp, { recursive: true, force: true })
})


describe('bases (headquarters)', () => {
  it('adds a base with a province/city/district region', async () => {
    const page = admin
    await tableRows(page).first().waitFor()
    await shot(page, 'agent-list')
    await page.getByRole('button', { name: /新\s*增/ }).click()
    const form = dialog(page, '新增基地')
    await form.waitFor()
    // the form checks before calling the server (spec §5 messages)
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await form.getByText('基地的名称不能为空').waitFor()
    await form.getByText('基地的子域名不能为空').waitFor()
    await form.getByLabel('基地名称').fill(BASE.name)
    await form.getByLabel('联系人').fill(BASE.contactor)
    await form.getByLabel('联系电话').fill(BASE.phone)
    await form.getByLabel('主账号密码').fill(BASE.password)
    await form.getByLabel('地址').fill('文三路100号')
    await form.getByLabel('所在地区').click()
    for (const name of ['浙江省', '杭州市', '西湖区']) await page.getByRole('menuitemcheckbox', { name }).click()
    await form.getByLabel('子域名').fill('Bad_Domain')
    await form.getByLabel('基地名称').click()
    await form.getByText('基地的子域名只能包含').waitFor()
    await form.getByLabel('子域名').fill(BASE.domain)
    // the settings' domain suffix shows after the input
    await form.getByText(/^\.\S+$/).waitFor()
    await shot(page, 'agent-add-dialog')
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('创建成功').waitFor()
    const r = row(page, BASE.name)
    await r.waitFor()
    await r.getByText('浙江省 / 杭州市 / 西湖区').waitFor()
  })

  it('tops the base up and expands its sub-accounts; the records list shows the operator', async () => {
    const page = admin
    await row(page, BASE.name).getByText('充值', { exact: true }).click()
    const top = dialog(page, /^充值/)
    await top.getByLabel('充值次数').fill('25')
    await shot(page, 'agent-recharge-dialog')
    await top.getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('充值成功').waitFor()
    await expect.poll(async () => (await cellOf(row(page, BASE.name), '剩余上传次数')).textContent()).toBe('25')

    await row(page, BASE.name).getByText('扩容', { exact: true }).click()
    const expand = dialog(page, /^扩容/)
    await expand.getByLabel('新增子账号数量').fill('3')
    await expand.getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('扩容成功').waitFor()

    // reservation settings and supply open from 更多
    await row(page, BASE.name).getByText('更多').hover()
    await page.getByRole('menuitem', { name: '预约设置' }).click()
    const plan = dialog(page, /^预约设置/)
    await plan.getByLabel('可预约数量').fill('6')
    await plan.getByRole('button', { name: /保\s*存/ }).click()
    await page.getByText('预约设置保存成功').waitFor()
    await row(plan, '常压车辆').waitFor()
    await shot(page, 'agent-reservation-dialog')
    await plan.getByRole('button', { name: /关\s*闭/ }).click()
    await shot(page, 'agent-list-after')

    await page.goto('/agent/record')
    await row(page, BASE.name).first().waitFor()
    const topUp = row(page, '上传次数').filter({ hasText: '超级管理员' })
    await expect.poll(async () => (await cellOf(topUp, '充值次数')).textContent()).toBe('25')
    await shot(page, 'record-list')
  })
})

describe('users (headquarters)', () => {
  it('adds a user to the new base (save, then assign by phone)', async () => {
    const page = admin
    await page.goto('/user/index')
    await tableRows(page).first().waitFor()
    await page.getByRole('button', { name: /新\s*增/ }).click()
    const form = dialog(page, '新增用户')
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await form.getByText('角色不能为空').waitFor()
    await form.getByText('手机号不能为空').waitFor()
    await chooseOption(form.getByLabel('角色', { exact: true }), '基地管理员')
    await form.getByLabel('手机号').fill(USER.phone)
    await form.getByLabel('姓名').fill(USER.name)
    await chooseOption(form.getByLabel('所属基地', { exact: true }), BASE.name)
    await form.getByLabel('密码', { exact: true }).fill(USER.password)
    await form.getByLabel('确认密码').fill('different')
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await form.getByText('两次输入的密码不一致，请重新输入').waitFor()
    await form.getByLabel('确认密码').fill(USER.password)
    await shot(page, 'user-add-dialog')
    await form.getByRole('button', { name: /确\s*定/ }).click()
    await page.getByText('创建成功').waitFor()
    await row(page, USER.phone).getByText(BASE.name).waitFor()
    // the role as users know it, never the stored key
    expect(await (await cellOf(row(page, USER.phone), '角色')).textContent()).toBe('基地管理员')
    expect(await columnTexts(page, '角色')).not.toContain('base admin')
    await page.setViewportSize({ width: 1440, height: 900 })
    await shot(page, 'user-list')
  })

  it('imports users from the xlsx template, keeping the valid rows and reporting the bad ones', async () => {
    const page = admin
    await page.getByRole('button', { name: /导\s*入/ }).first().click()
    const modal = dialog(page, '导入用户')
    await modal.waitFor()
    const [template] = await Promise.all([page.waitForEvent('download'), modal.getByRole('button', { name: '下载导入模板' }).click()])
    expect(template.suggestedFilename()).toBe('用户导入模板.xlsx')
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(await template.path())
    const sheet = book.worksheets[0]!
    sheet.addRow([IMPORTED.phone, IMPORTED.name, '操作员', IMPORTED.password, BASE.name])
    sheet.addRow(['123', '坏行', '操作员', 'Import@123', BASE.name])
    // the template offers the roles by their Chinese names
    expect(String(sheet.getCell('C2').dataValidation.formulae?.[0])).toContain('操作员')
    const file = path.join(tmp, 'users.xlsx')
    await book.xlsx.writeFile(file)
    await modal.locator('input[type=file]').setInputFiles(file)
    await modal.getByRole('button', { name: /^导\s*入$/ }).click()
    await modal.getByText('导入完成：成功1条，失败1条').waitFor()
    const bad = tableRows(modal.getByTestId('import-errors'))
    await bad.getByText('手机号格式不正确，请输入正确的11位手机号').waitFor()
    // the bad row is the second one under the header
    expect(await (await cellOf(bad, '行号')).textContent()).toBe('3')
    await shot(page, 'user-import-result')
    await modal.getByRole('button', { name: /关\s*闭/ }).click()
    await row(page, IMPORTED.phone).waitFor()
    expect(await (await cellOf(row(page, IMPORTED.phone), '角色')).textContent()).toBe('操作员')
  })
})

describe('a base user', () => {
  it('signs in and sees only their base; the base list is not reachable by URL', async () => {
    const context = await newContext(browser, server.url)
    const page = await context.newPage()
    await page.goto('/login?redirect=%2Fuser%2Findex')
    await shot(page, 'user-login')
    await loginViaForm(page, USER.phone, USER.password)
    await page.waitForURL('**/user/index')
    await page.getByTestId('company-name').filter({ hasText: BASE.name }).waitFor()
    await tableRows(page).first().waitFor()
    const companies = await columnTexts(page, '所属基地')
    expect(companies.length).toBeGreaterThan(0)
    expect(new Set(companies)).toEqual(new Set([BASE.name]))
    await row(page, IMPORTED.phone).waitFor()
    expect(await sider(page).getByText('基地管理').count()).toBe(0)
    await shot(page, 'user-base-view')

    await page.goto('/agent/index')
    await page.getByText('OOPS!').waitFor()
    expect(await tableRows(page).count()).toBe(0)
    await context.close()
  })

  it('an imported user signs in with the password from the file', async () => {
    const context = await newContext(browser, server.url)
    const page = await context.newPage()
    await page.goto('/login')
    await loginViaForm(page, IMPORTED.phone, IMPORTED.password)
    await page.getByTestId('company-name').filter({ hasText: BASE.name }).waitFor()
    await context.close()
  })
})

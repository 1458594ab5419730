/**
 * The inspection workflow as a base uses it (issue 12): reception books a vehicle and 接待登记 registers
 * it; the registration dialog refuses empty fields; 开始检验 with a 检验员 and a template; 录入记录 saves
 * each item as it is entered (an out-of-range number kept and marked 不合格); 暂停, 继续, 完成检验; 审核
 * by the base admin and 签发 by the operator; the PDF prints; 检验统计 counts it; another base's
 * report cannot be opened by URL. Screenshots go to /tmp/shots/inspection-*.png.
 */
import { chinaToday } from '@app/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { chooseOption, confirmIn, openMenu, shot, tableRow, toastOf } from './browser'
import { useServerAndBrowser } from './server'

const env = useServerAndBrowser()
const A = { name: '检验端到端基地', contactor: '孔明', phone: '13655570001', domain: 'insp-e2e', password: 'Base@2026' }
const B = { name: '别家检验基地', contactor: '庞统', phone: '13655570002', domain: 'insp-e2e-b', password: 'Base@2026' }
const INSPECTOR = { phone: '13655570011', name: '吕检验', password: 'Insp@2026' }
const OPERATOR = { phone: '13655570012', name: '沈操作', password: 'Oper@2026' }
const PLATE = '苏E20261'
const today = chinaToday()
let base: Page
let operator: Page
let otherReportId: number
/** a second vehicle of A, under inspection at station `terminalStation` (the station terminal's test) */
const TERMINAL_PLATE = '苏E20262'
let terminalStation: number
let terminalReportId: number

beforeAll(async () => {
  const { api } = env.server
  const hq = await api.token()
  const call = <T>(method: string, path: string, body: unknown, token = hq) => api.data<T>(method, path, body, token)
  const a = { id: await api.createBase(A, hq) }
  await api.createBase(B, hq)
  await call('POST', `/rechargeRecord/rechargeAmount?companyId=${a.id}&times=5&requestId=${crypto.randomUUID()}`, undefined)
  for (const [u, nickName] of [[INSPECTOR, '检验员'], [OPERATOR, 'operator']] as const) {
    await call('POST', '/users/save', {
      phone: u.phone, name: u.name, nickName, companyId: a.id,
      password: await api.encrypt(u.password), passwordAgain: await api.encrypt(u.password),
    })
  }
  const template = await call<{ id: number }>('POST', '/model/save', {
    name: '端到端罐车', steps: [
      { name: '外观检查', items: [{ name: '焊缝及母材', kind: 'pass_fail', required: true }, { name: '最小壁厚', kind: 'number', unit: 'mm', min: 5, max: 10, required: true }] },
      { name: '检验结论', items: [{ name: '检验结论', kind: 'choice', options: ['允许使用', '停止使用'], required: true }, { name: '备注', kind: 'text', required: false }] },
    ],
  })
  await call('POST', '/reservationPlan/save', { companyId: a.id, reserveTime: today, reservePeriod: '上午', tankerType: '常压车辆', totalCount: 3 })
  // base B's own report, which A must not be able to open
  const bToken = await api.token(B.phone, B.password)
  otherReportId = (await call<{ id: number }>('POST', '/report/saveFirst', {
    licenseNumber: '浙B99999', tankerType: '常压车辆', org: '别家运输', contactName: '别家司机', phone: '13900009999', latestMaterial: '柴油', outdate: '2030-01-01',
  }, bToken)).id
  const group = await call<{ stations: { id: number }[] }>('POST', '/groups/save', { name: '终端分组', center: '罐车一中心', companyId: a.id, stations: [{ name: '终端工位' }] })
  terminalStation = group.stations[0]!.id
  const aToken = await api.token(A.phone, A.password)
  const inspector = (await call<{ id: number; name: string }[]>('GET', `/users/getByNickName/${encodeURIComponent('检验员')}`, undefined, aToken)).find((u) => u.name === INSPECTOR.name)!
  terminalReportId = (await call<{ id: number }>('POST', '/report/saveFirst', {
    licenseNumber: TERMINAL_PLATE, tankerType: '常压车辆', org: '终端运输', contactName: '终端司机', phone: '13900008888', latestMaterial: '柴油', outdate: '2030-01-01',
  }, aToken)).id
  await call('POST', `/report/start/${terminalReportId}`, { inspectorId: inspector.id, templateId: template.id, stationId: terminalStation }, aToken)
  base = await env.signIn(A)
  operator = await env.signIn(OPERATOR)
})

const row = () => tableRow(base, PLATE)
/** A row action, inline or under 更多. */
async function rowAction(page: Page, label: string) {
  const r = tableRow(page, PLATE)
  await r.waitFor()
  const inline = r.getByText(label, { exact: true })
  if (await inline.count()) return inline.click()
  await r.getByText('更多').hover()
  await page.getByRole('menuitem', { name: label, exact: true }).click()
}
/** Presses 确定 in the confirmation the action asked (the one dialog shown). */
async function confirmModal(page: Page) {
  await confirmIn(page.getByRole('dialog'))
}

describe('检验', () => {
  it('reception books the vehicle and 接待登记 registers it; the dialog refuses empty fields', async () => {
    await openMenu(base, '预约接待', '预约列表')
    await base.getByRole('button', { name: /新\s*增/ }).click()
    const booking = base.getByRole('dialog', { name: '新增预约' })
    await booking.getByLabel('车牌号').fill(PLATE)
    await booking.getByLabel('驾驶员姓名').fill('韩师傅')
    await booking.getByLabel('驾驶员电话').fill('13912340001')
    await confirmIn(booking)
    await toastOf(base, '预约成功').waitFor()

    await openMenu(base, '检验管理', '检验登记')
    await base.waitForURL('**/trace/index')
    // the vehicle at the station terminal is the base's only report yet (the empty text shows only while the list loads)
    await tableRow(base, TERMINAL_PLATE).waitFor()
    await base.getByRole('button', { name: /新\s*增/ }).click()
    const dialog = base.getByRole('dialog', { name: '车辆登记' })
    await confirmIn(dialog)
    for (const message of ['车牌号不能为空', '单位不能为空', '驾驶员姓名不能为空', '驾驶员电话不能为空', '最近装载介质不能为空', '有效期不能为空']) {
      await dialog.getByText(message).waitFor()
    }
    await shot(base, 'inspection-register-empty')
    await dialog.getByRole('button', { name: '取 消' }).or(dialog.getByRole('button', { name: /取\s*消/ })).first().click()

    await openMenu(base, '预约接待', '今日接待')
    await tableRow(base, PLATE).getByRole('button', { name: '接待登记' }).click()
    await toastOf(base, '登记成功').waitFor()
    await openMenu(base, '检验管理', '检验登记')
    await row().getByText('已登记').waitFor()
    expect(await row().textContent()).toContain('韩师傅')
  })

  it('编辑登记 completes what the booking lacked, then 开始检验 with a 检验员 and the template', async () => {
    await rowAction(base, '编辑登记')
    const dialog = base.getByRole('dialog', { name: /编辑登记/ })
    await dialog.getByLabel('单位').fill('江苏端到端危运有限公司')
    await dialog.getByLabel('最近装载介质').fill('柴油')
    await dialog.getByLabel('有效期').fill('2030-06-30')
    // Enter takes the typed date and submits the dialog (its hidden submit), as keyboard users do
    await dialog.getByLabel('有效期').press('Enter')
    await toastOf(base, '修改成功').waitFor()

    await rowAction(base, '开始检验')
    const start = base.getByRole('dialog', { name: '开始检验' })
    await start.getByText(PLATE).waitFor()
    // the options name more than the person or template: 尾号…, 第…版
    await chooseOption(start.getByLabel('检验负责人'), new RegExp(INSPECTOR.name))
    await chooseOption(start.getByLabel('检验模板'), /端到端罐车/)
    await confirmIn(start)
    await toastOf(base, '已开始检验').waitFor()
    await row().getByText('正在检验').waitFor()
  })

  it('录入记录 saves each item; an out-of-range number is kept and marked 不合格; pause and continue', async () => {
    await rowAction(base, '录入记录')
    await base.waitForURL('**/trace/workflow**')
    const item = (name: string) => base.locator(`[data-item="${name}"]`)
    await item('焊缝及母材').getByText('合格', { exact: true }).click()
    await item('焊缝及母材').getByText('已保存').waitFor()
    const wall = item('最小壁厚').locator('input')
    await wall.fill('12')
    await wall.press('Enter')
    await item('最小壁厚').getByText('不合格（超出 5 ~ 10 mm）').waitFor()
    await item('最小壁厚').getByText('已保存').waitFor()
    await shot(base, 'inspection-out-of-range')
    await wall.fill('8')
    await wall.press('Tab')
    await item('最小壁厚').getByText('合格', { exact: true }).waitFor()
    await base.getByRole('button', { name: /下一步/ }).click()
    await chooseOption(item('检验结论').getByRole('combobox'), /允许使用/)
    await item('检验结论').getByText('已保存').waitFor()

    await openMenu(base, '检验管理', '检验登记')
    await row().getByText('正在检验').waitFor()
    await rowAction(base, '暂停检验')
    await confirmModal(base)
    await row().getByText('暂停检验').waitFor()
    await rowAction(base, '继续检验')
    await confirmModal(base)
    await row().getByText('正在检验').waitFor()
  })

  it('完成检验 derives the result; 审核 by the base admin, 签发 by the operator', async () => {
    await rowAction(base, '录入记录')
    await base.getByRole('button', { name: /完成检验/ }).click()
    await confirmModal(base)
    await toastOf(base, '检验完成，结果：合格').waitFor()
    await base.waitForURL('**/trace/checking**')
    await base.getByText('已完成').first().waitFor()
    await shot(base, 'inspection-checking')

    await openMenu(base, '检验管理', '检验登记')
    await row().getByText('检验完成').waitFor()
    await rowAction(base, '审核')
    await confirmModal(base)
    await row().getByText('已审核').waitFor()

    await operator.goto('/trace/index')
    await tableRow(operator, PLATE).getByText('已审核').waitFor()
    await rowAction(operator, '签发')
    await confirmModal(operator)
    await tableRow(operator, PLATE).getByText('已签发').waitFor()
  })

  it('the overview shows every record and the history, and prints the PDF', async () => {
    await base.goto('/trace/index')
    await row().getByText('已签发').waitFor()
    await rowAction(base, '总览')
    await base.waitForURL('**/trace/overview**')
    await base.getByText('已审核 → 已签发').waitFor()
    await base.getByText(INSPECTOR.name).first().waitFor()
    // the vehicle's history (该车历次检验) marks this report 本次
    await tableRow(base, '本次').getByText('已签发').waitFor()
    await shot(base, 'inspection-overview')
    const [pdf] = await Promise.all([
      base.waitForResponse((r) => r.url().includes('/api/report/pdf/')),
      base.getByRole('button', { name: /打印报告/ }).click(),
    ])
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    expect(Number(pdf.headers()['content-length'] ?? (await pdf.body()).length)).toBeGreaterThan(10_000)
  })

  it('检验统计 counts the signed report', async () => {
    await openMenu(base, '检验管理', '检验统计')
    await base.waitForURL('**/kpi**')
    await base.getByTestId('kpi-total-signed').getByText('1', { exact: true }).waitFor()
  })

  it('a station terminal opens the progress of the vehicle at its station', async () => {
    await base.goto(`/trace/select?deviceNo=${terminalStation}&userNo=${encodeURIComponent(TERMINAL_PLATE)}`)
    await base.waitForURL(`**/trace/checking?id=${terminalReportId}`)
    await base.getByText(`检验进度 · ${TERMINAL_PLATE}`).waitFor()
    await base.goto(`/trace/select?deviceNo=${terminalStation}&userNo=${encodeURIComponent('苏Z00000')}`)
    await base.getByText('该工位没有此车牌的检验报告').waitFor()
  })

  it('another base\'s report cannot be opened by URL', async () => {
    await base.goto(`/trace/overview?id=${otherReportId}`)
    await base.getByText('无法打开检验报告').waitFor()
    await base.getByText('检验报告不存在').waitFor()
    expect(await base.getByText('别家司机').count()).toBe(0)
  })
})

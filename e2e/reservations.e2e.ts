/**
 * Reservations as headquarters and a base use them: headquarters sets a plan of today for the base
 * (预约设置, spec defaults); the base books through 预约列表 (the form checks the plate like the server;
 * 预约成功; a full slot is refused with the server's reason), sees booked/total on 预约日历, and checks
 * the vehicle in at 今日接待 (到场 -> 已到场). Screenshots go to /tmp/shots/reservations-*.png.
 */
import { chinaToday } from '@app/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { ADMIN } from './server'
import { chooseOption, confirmIn, openMenu, shot, sider, tableRow, tableRows, toastOf } from './browser'
import { useServerAndBrowser } from './server'

const env = useServerAndBrowser()
let hq: Page
let base: Page
const BASE = { name: '预约端到端基地', contactor: '钱立', phone: '13655560001', domain: 'res-e2e', password: 'Base@2026' }
const today = chinaToday()

beforeAll(async () => {
  await env.server.api.createBase(BASE)
  hq = await env.signIn(ADMIN, { landing: '**/by_agent/index' })
  base = await env.signIn(BASE, { landing: '**/by_agent/index' })
})

const toast = toastOf
const ok = confirmIn
const rows = tableRows

/** Opens a page from the side menu (its section first, unless it is open already). */

async function book(plate: string, driver: string) {
  await base.getByRole('button', { name: /新\s*增/ }).click()
  const dialog = base.getByRole('dialog', { name: '新增预约' })
  await dialog.waitFor()
  await dialog.getByLabel('车牌号').fill(plate)
  await dialog.getByLabel('驾驶员姓名').fill(driver)
  await dialog.getByLabel('驾驶员电话').fill('13912345678')
  await ok(dialog)
  return dialog
}

describe('预约', () => {
  it('headquarters sets a plan of today for the base, starting from the spec\'s defaults', async () => {
    await openMenu(hq, '预约接待', '预约设置')
    await hq.waitForURL('**/reservation/plan')
    await hq.getByText('暂无预约设置').waitFor()
    await hq.getByRole('button', { name: /新\s*增/ }).click()
    const dialog = hq.getByRole('dialog', { name: '新增预约设置' })
    await dialog.waitFor()
    expect(await dialog.getByLabel('预约日期').inputValue()).toBe(today)
    expect(await dialog.getByRole('radio', { name: '上午' }).isChecked()).toBe(true)
    await dialog.getByText('常压车辆').waitFor()
    expect(await dialog.getByLabel('可预约数量').inputValue()).toBe('0')
    await chooseOption(dialog.getByLabel('基地'), BASE.name)
    await dialog.getByLabel('可预约数量').fill('2')
    await ok(dialog)
    await toast(hq, '预约设置保存成功').waitFor()
    const plan = rows(hq).filter({ hasText: BASE.name })
    await plan.getByText('0/2').waitFor()
    await shot(hq, 'reservations-plan')
  })

  it('the base books through the page: the plate is checked like the server, 预约成功, and a full slot is refused', async () => {
    // a base's main account does not hold headquarters' key reservation_plan
    await base.reload()
    await sider(base).getByText('预约接待', { exact: true }).waitFor()
    await openMenu(base, '预约接待', '预约列表')
    await base.waitForURL('**/reservation/index')
    expect(await sider(base).getByText('预约设置', { exact: true }).count()).toBe(0)
    await base.getByText('暂无预约').waitFor()

    const dialog = await book('苏A', '王师傅')
    await dialog.getByText('车牌号格式不正确（如 苏A12345、苏AD12345 或 苏A1234挂）').waitFor()
    await dialog.getByLabel('车牌号').fill('苏a 12345')
    await ok(dialog)
    await toast(base, '预约成功').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    const first = rows(base).filter({ hasText: '苏A12345' })
    for (const text of ['王师傅', '已预约', today, '上午', '常压车辆']) await first.getByText(text, { exact: true }).first().waitFor()
    // the driver's phone is masked; the base's admin sees it whole with the eye (the server logs it)
    await first.getByText('139****5678', { exact: true }).waitFor()
    await first.getByRole('button', { name: '查看完整手机号' }).click()
    await first.getByText('13912345678', { exact: true }).waitFor()

    const second = await book('苏A23456', '李师傅')
    await toast(base, '预约成功').waitFor()
    await second.waitFor({ state: 'hidden' })
    const third = await book('苏A34567', '赵师傅')
    await toast(base, `${today} 上午 的常压车辆预约已满（共 2 个名额），请选择其他时段`).waitFor()
    await third.getByRole('button', { name: /取\s*消/ }).click()
    await expect.poll(() => rows(base).count()).toBe(2)
    await shot(base, 'reservations-list')
  })

  it('the calendar shows the day\'s plan as booked/total', async () => {
    await openMenu(base, '预约接待', '预约日历')
    await base.waitForURL('**/reservation/month')
    const cell = base.locator(`.reservation-day[data-date="${today}"]`)
    await cell.getByText('上午 常压 2/2').waitFor()
    await base.getByText(`${today} 的预约`).waitFor()
    await tableRow(base, '苏A23456').getByText('139****5678').waitFor()
    await shot(base, 'reservations-calendar')
  })

  it('reception checks the vehicle in and registers it: 接待登记 -> 已到场 and a report 已登记; cancelling the other frees its place', async () => {
    await openMenu(base, '预约接待', '今日接待')
    await base.waitForURL('**/reservation/reception')
    const row = rows(base).filter({ hasText: '苏A12345' })
    await row.getByText('已预约').waitFor()
    await row.getByRole('button', { name: '接待登记' }).click()
    await toast(base, '接待成功，车辆已到场，登记成功').waitFor()
    await row.getByText('已到场').waitFor()
    expect(await row.getByRole('button', { name: '接待登记' }).count()).toBe(0)
    await shot(base, 'reservations-reception')

    await openMenu(base, '预约接待', '预约列表')
    const other = rows(base).filter({ hasText: '苏A23456' })
    await other.getByText('取消预约').click()
    await confirmIn(base.getByRole('dialog'))
    await toast(base, '更改成功').waitFor()
    await other.getByText('已取消').waitFor()
    const plans = await env.server.api.call<{ data: { bookedCount: number; totalCount: number }[] }>('POST', '/reservationPlan/find', {}, await env.server.api.token())
    expect(plans.body.data.data[0]).toMatchObject({ bookedCount: 1, totalCount: 2 })
  })
})

/**
 * Planning a base's reservations without one dialog per slot, and the list's actions as a user reads
 * them: headquarters makes a week's weekday slots in one 批量添加 (the dialog counts them first),
 * copies them a week on (复制上周), sees every line of each day on 预约日历 (no cell clips one) and a
 * day's bookings in the panel beside the calendar; on 预约列表 the actions stand apart, a future
 * booking offers no 未到, and 取消预约 is red and asks by the booking's name. Screenshots at 1440×900.
 */
import { addDays, chinaToday, mondayOf } from '@app/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { ADMIN, useServerAndBrowser } from './server'
import { chooseOption, confirmIn, dialogOpened, openMenu, shot, tableRow, toastOf } from './browser'

const env = useServerAndBrowser()
let hq: Page
const BASE = { name: '排班端到端基地', contactor: '孙立', phone: '13655570001', domain: 'plan-e2e', password: 'Base@2026' }
const today = chinaToday()

/** The first week from next Monday whose Monday to Friday fall in one month (the calendar shows a month). */
function weekInOneMonth() {
  let monday = addDays(mondayOf(today), 7)
  while (monday.slice(0, 7) !== addDays(monday, 4).slice(0, 7)) monday = addDays(monday, 7)
  return monday
}
const monday = weekInOneMonth()
const weekdays = [0, 1, 2, 3, 4].map((i) => addDays(monday, i))
const monthsAhead = (day: string) => (Number(day.slice(0, 4)) - Number(today.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - Number(today.slice(5, 7))

beforeAll(async () => {
  await env.server.api.createBase(BASE)
  hq = await env.signIn(ADMIN, { landing: '**/by_agent/index', viewport: { width: 1440, height: 900 } })
})

/** Fills an antd date range picker (its two inputs) as a user types the days. */
async function fillRange(field: Locator, from: string, to: string) {
  const [start, end] = [field.getByPlaceholder('开始日期'), field.getByPlaceholder('结束日期')]
  await start.click()
  await start.fill(from)
  await start.press('Enter')
  await end.fill(to)
  await end.press('Enter')
}

describe('预约设置 in bulk', () => {
  it('批量添加 counts the slots before making them, then makes a week\'s weekday slots in one call', async () => {
    await openMenu(hq, '预约接待', '预约设置')
    await hq.waitForURL('**/reservation/plan')
    await hq.getByRole('button', { name: '批量添加' }).click()
    const dialog = hq.getByRole('dialog', { name: '批量添加预约设置' })
    await dialogOpened(dialog)
    await chooseOption(dialog.getByLabel('基地'), BASE.name)
    await fillRange(dialog, monday, addDays(monday, 6))
    // every weekday, period and type ticked: 7 × 2 × 2
    await dialog.getByRole('status').getByText('将创建 28 个预约时段（已有的时段跳过，名额不变）').waitFor()
    await dialog.getByRole('checkbox', { name: '六' }).uncheck()
    await dialog.getByRole('checkbox', { name: '日' }).uncheck()
    await dialog.getByRole('status').getByText('将创建 20 个预约时段（已有的时段跳过，名额不变）').waitFor()
    await dialog.getByLabel('可预约数量').fill('5')
    await dialog.getByText('可预约数量不能为空').waitFor({ state: 'hidden' })
    await shot(hq, 'reservations-batch-dialog')
    await confirmIn(dialog)
    await toastOf(hq, '已创建 20 个预约时段').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    await hq.getByText('共 20 条').waitFor()
  })

  it('复制上周 copies that week a week on; a second copy skips every slot and reports them', async () => {
    const copy = async () => {
      await hq.getByRole('button', { name: '复制上周' }).click()
      const dialog = hq.getByRole('dialog', { name: '复制上周的预约设置' })
      await dialogOpened(dialog)
      await chooseOption(dialog.getByLabel('基地'), BASE.name)
      // the week picker shows the chosen week as its two ends: a week is chosen in its panel
      const target = addDays(monday, 7)
      await dialog.getByLabel('复制到').click()
      for (let i = 0; i < monthsAhead(target); i++) await hq.getByRole('button', { name: '下个月 (翻页下键)' }).click()
      await hq.getByTitle(target, { exact: true }).click()
      await expect.poll(() => dialog.getByLabel('复制到').inputValue()).toBe(`${target} 至 ${addDays(target, 6)}`)
      await dialog.getByText(`把 ${monday} 至 ${addDays(monday, 6)} 的预约设置复制到 ${addDays(monday, 7)} 至 ${addDays(monday, 13)}`, { exact: false }).waitFor()
      await confirmIn(dialog)
      await dialog.waitFor({ state: 'hidden' })
    }
    await copy()
    await toastOf(hq, '已创建 20 个预约时段').waitFor()
    await hq.getByText('共 40 条').waitFor()
    await copy()
    await toastOf(hq, '已创建 0 个预约时段，跳过已存在的 20 个').waitFor()
    const report = hq.getByText('已存在的 20 个预约时段已跳过（名额未改）')
    await report.waitFor()
    await hq.getByText(`${addDays(monday, 7)} 上午 常压车辆`).waitFor()
    await report.waitFor({ state: 'hidden', timeout: 30_000 })
  })
})

const companyIdOf = async (token: string) =>
  (await env.server.api.call<{ data: { id: number }[] }>('POST', '/company/find', { name: BASE.name }, token)).body.data.data[0]!.id

describe('预约日历', () => {
  it('shows every plan of a day in full, and a chosen day\'s bookings in a panel beside the calendar', async () => {
    const { api } = env.server
    const token = await api.token()
    const booked = await api.call('POST', '/reservation/save', {
      companyId: await companyIdOf(token), licenseNumber: '苏B30003', contactName: '吴师傅', phone: '13912345671', tankerType: '承压车辆', reserveTime: weekdays[2], reservePeriod: '下午',
    }, token)
    expect(booked.status).toBe(200)
    await openMenu(hq, '预约接待', '预约日历')
    await hq.waitForURL('**/reservation/month')
    await chooseOption(hq.getByRole('combobox', { name: '基地' }), BASE.name)
    for (let i = 0; i < monthsAhead(monday); i++) await hq.getByRole('button', { name: '下个月', exact: true }).click()
    await hq.getByText(`${monday.slice(0, 4)}年${Number(monday.slice(5, 7))}月`).waitFor()
    for (const day of weekdays) {
      const cell = hq.locator(`.reservation-day[data-date="${day}"]`)
      const afternoon = day === weekdays[2] ? '下午 承压 1/5' : '下午 承压 0/5'
      for (const line of ['上午 常压 0/5', '上午 承压 0/5', '下午 常压 0/5', afternoon]) await cell.getByText(line).waitFor()
      // nothing of the cell is cut off: its content scrolls nowhere and every line lies inside the day's cell
      const clipped = await cell.evaluate((el) => {
        const box = el.closest('td')!.getBoundingClientRect()
        const holder = el.parentElement!
        const out = Array.from(el.children).map((tag) => tag.getBoundingClientRect()).filter((r) => r.bottom > box.bottom || r.right > box.right || r.left < box.left)
        return [
          ...(holder.scrollHeight > holder.clientHeight + 1 ? [`the cell scrolls: ${holder.scrollHeight} > ${holder.clientHeight}`] : []),
          ...out.map((r) => `a line at ${JSON.stringify(r)} lies outside the cell ${JSON.stringify(box)}`),
        ]
      })
      expect(clipped, day).toEqual([])
    }
    expect(await hq.locator(`.reservation-day[data-date="${addDays(monday, 5)}"]`).getByText(/0\/5/).count()).toBe(0)

    await hq.locator(`.reservation-day[data-date="${weekdays[2]}"]`).click()
    const panel = hq.getByRole('region', { name: '当天预约' })
    await panel.getByText(`${weekdays[2]} 的预约`).waitFor()
    await panel.getByText('周三', { exact: true }).waitFor()
    await panel.getByText('下午 承压 1/5').waitFor()
    await tableRow(panel, '苏B30003').getByText('已预约').waitFor()
    await hq.locator(`.reservation-day[data-date="${weekdays[3]}"]`).click()
    await panel.getByText(`${weekdays[3]} 的预约`).waitFor()
    await panel.getByText('周四', { exact: true }).waitFor()
    await panel.getByText('当天暂无预约').waitFor()
    await hq.locator(`.reservation-day[data-date="${weekdays[2]}"]`).click()
    await tableRow(panel, '苏B30003').waitFor()
    expect(await hq.getByRole('dialog').count()).toBe(0)
    const calendar = (await hq.locator('.reservation-day').first().locator('xpath=ancestor::table[1]').boundingBox())!
    const beside = (await panel.boundingBox())!
    expect(beside.x).toBeGreaterThanOrEqual(calendar.x + calendar.width)
    expect(beside.y).toBeLessThan(calendar.y + calendar.height / 2)
    // the day's highlight fades across before the picture
    await hq.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))
    await shot(hq, 'reservations-calendar-week')
  })
})

describe('预约列表 actions', () => {
  it('stand apart; a future booking offers no 未到; 取消预约 is red and names the booking before it cancels', async () => {
    const { api } = env.server
    const token = await api.token()
    const companyId = await companyIdOf(token)
    await api.call('POST', '/reservationPlan/save', { companyId, reserveTime: today, totalCount: 3 }, token)
    const book = (licenseNumber: string, reserveTime: string) => api.call('POST', '/reservation/save', {
      companyId, licenseNumber, contactName: '周师傅', phone: '13912345670', tankerType: '常压车辆', reserveTime, reservePeriod: '上午',
    }, token)
    expect((await book('苏B10001', today)).status).toBe(200)
    expect((await book('苏B20002', monday)).status).toBe(200)

    await openMenu(hq, '预约接待', '预约列表')
    await hq.waitForURL('**/reservation/index')
    const todays = tableRow(hq, '苏B10001')
    const future = tableRow(hq, '苏B20002')
    await future.getByText('已预约').waitFor()
    const actions = ['到场', '取消预约', '未到'].map((name) => todays.getByRole('button', { name, exact: true }))
    const boxes = await Promise.all(actions.map(async (a) => (await a.boundingBox())!))
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.x - (boxes[i - 1]!.x + boxes[i - 1]!.width), 'gap between actions').toBeGreaterThanOrEqual(8)
    expect(await future.getByRole('button', { name: '未到' }).count()).toBe(0)
    expect(await future.getByRole('button', { name: '到场' }).count()).toBe(0)
    const cancel = future.getByRole('button', { name: '取消预约' })
    expect(await cancel.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 77, 79)')
    await shot(hq, 'reservations-list-actions')

    await cancel.click()
    const confirm = hq.getByRole('dialog').filter({ hasText: '确定取消' })
    await confirm.getByText(`确定取消 苏B20002（周师傅，${monday} 上午）的预约吗？取消后名额将释放给其他车辆。`).waitFor()
    await shot(hq, 'reservations-cancel-confirm')
    await confirmIn(confirm)
    await toastOf(hq, '更改成功').waitFor()
    await future.getByText('已取消').waitFor()
    expect(await future.getByRole('button', { name: '取消预约' }).count()).toBe(0)
  })
})

/**
 * 数据统计 as a base's main account uses it: a device of the base posts three readings through the API;
 * the page's per-province 数据列表 shows their numbers and its CSV holds them, the examined items' table
 * counts the conclusions, and a click on an abnormal count lists the person behind it with the phone
 * masked; the device's town (新街口街道) counts them too, and a click on it shows its conclusions. Screenshots at 1440×900 go to /tmp/shots/statistics-*.png.
 */
import fs from 'node:fs'
import { formatDateTime, idCheckChar, MeasurementMsg } from '@app/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { dialogNamed, landingMenuOpened, openMenu, shot } from './browser'
import { useServerAndBrowser } from './server'

const env = useServerAndBrowser()
let page: Page
const BASE = { name: '统计端到端基地', contactor: '孙丽', phone: '13655580001', domain: 'stats-e2e', password: 'Base@2026', province: '江苏省' }
const first17 = '32010219800315246'
const MEMBER_ID = `${first17}${idCheckChar(first17)}`

beforeAll(async () => {
  const { api } = env.server
  const hq = await api.token()
  await api.createBase(BASE, hq)
  const base = await api.token(BASE.phone, BASE.password)
  expect((await api.call('POST', '/testee/saveNew', { name: '周统计', idNo: MEMBER_ID, phone: '13912345678' }, base)).status).toBe(200)
  const machine = await api.call('POST', '/machine/save', { type: '血压计', deviceNo: 'STAT-E2E-01', townCode: '320102003' }, base)
  expect(machine.status).toBe(200)
  const secret = (machine.body.data as { secret: string }).secret
  const post = (requestId: string, values: object) => api.postReading({ deviceNo: 'STAT-E2E-01', secret }, {
    requestId, idNo: MEMBER_ID, measuredTime: formatDateTime(new Date(Date.now() - 30 * 60_000)), ...values,
  }).then(({ body }) => body)
  expect(await post('s-1', { systolic: 150, diastolic: 95 })).toMatchObject({ message: MeasurementMsg.recorded }) // 高血压1级
  expect(await post('s-2', { systolic: 152, diastolic: 92 })).toMatchObject({ message: MeasurementMsg.recorded }) // 高血压1级
  expect(await post('s-3', { systolic: 110, diastolic: 70 })).toMatchObject({ message: MeasurementMsg.recorded }) // 正常

  page = await env.signIn(BASE, { landing: '**/by_agent/index', viewport: { width: 1440, height: 900 } })
  await landingMenuOpened(page)
})

describe('数据统计', () => {
  it('the province chart\'s 数据列表 shows the seeded numbers and its CSV holds them', async () => {
    await openMenu(page, '健康体检', '数据统计')
    await page.waitForURL('**/health/statistics')
    const card = page.getByTestId('statistics-province')
    await card.getByTestId('statistics-province-chart').locator('canvas').first().waitFor()
    await page.getByTestId('statistics-basic').getByText('测量次数').waitFor()
    await shot(page, 'statistics-page')

    await card.getByRole('button', { name: '数据列表' }).click()
    const list = dialogNamed(page, '数据列表')
    const row = list.getByRole('row', { name: /江苏省/ })
    await row.waitFor()
    expect((await row.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['江苏省', '3', '2', '66.7%'])
    await shot(page, 'statistics-list')
    const [file] = await Promise.all([page.waitForEvent('download'), list.getByRole('button', { name: '导出CSV' }).click()])
    expect(file.suggestedFilename()).toBe('数据列表.csv')
    const csv = fs.readFileSync((await file.path())!, 'utf8')
    expect(csv).toBe('\uFEFF省份,测量次数,异常次数,异常率（%）\r\n江苏省,3,2,66.7\r\n')
    await list.getByRole('button', { name: /关\s*闭/ }).click()
    await list.waitFor({ state: 'hidden' })
  })

  it('the examined items count the conclusions; an abnormal count lists the person, phone masked', async () => {
    const table = page.getByTestId('statistics-measures-table')
    const abnormal = table.getByRole('row', { name: /高血压1级/ })
    await abnormal.waitFor()
    expect((await abnormal.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['血压', '高血压1级', '2'])
    expect((await table.getByRole('row', { name: /正常/ }).getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['血压', '正常', '1'])
    await abnormal.getByRole('cell').last().getByText('2').click()
    const persons = dialogNamed(page, /血压 · 高血压1级/)
    await persons.getByRole('row', { name: /周统计/ }).first().waitFor()
    expect(await persons.getByRole('row', { name: /周统计/ }).count()).toBe(2)
    const text = await persons.innerText()
    expect(text).toContain('139****5678')
    expect(text).not.toContain('13912345678')
    expect(text).toContain('150/95 mmHg')
    await shot(page, 'statistics-persons')
  })

  it('the towns table counts the device\'s town; a click shows its conclusions', async () => {
    const persons = dialogNamed(page, /血压 · 高血压1级/)
    await persons.locator('.ant-modal-close').click()
    await persons.waitFor({ state: 'hidden' })
    const table = page.getByTestId('statistics-towns-table')
    const row = table.getByRole('row', { name: /新街口街道/ })
    await row.waitFor()
    expect((await row.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['新街口街道', '江苏省 / 南京市 / 玄武区', '3', '2（66.7%）', '—', '—'])
    await row.getByText('新街口街道').click()
    const detail = dialogNamed(page, /新街口街道/)
    const hypertension = detail.getByRole('row', { name: /高血压1级/ })
    await hypertension.waitFor()
    expect((await hypertension.getByRole('cell').allInnerTexts()).map((t) => t.trim()).slice(-3)).toEqual(['高血压1级', '2', '66.7%'])
    await shot(page, 'statistics-town')
  })
})

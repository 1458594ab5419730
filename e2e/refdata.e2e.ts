/**
 * Headquarters' inspection reference data as its admin uses it: a vehicle type (process template)
 * made with two steps and their check items, reordered with the buttons and by keyboard drag, saved,
 * edited into a second version whose history still shows the first unchanged; an indicator; a
 * station group with stations under a centre. Screenshots go to /tmp/shots/refdata-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { cellOf, chooseOption, confirmIn, dialogNamed, openMenu as openMenuOf, shot, sider, signedInPage, tableRow, tableRows, toastOf } from './browser'
import { ADMIN, useServerAndBrowser } from './server'

const env = useServerAndBrowser()
let context: BrowserContext
let page: Page
const pageErrors: string[] = []
const TEMPLATE = '液化石油气罐车'

beforeAll(async () => {
  context = await env.context()
  page = await signedInPage(context, ADMIN, pageErrors)
  await sider(page).getByRole('menuitem', { expanded: true }).first().waitFor()
  await page.waitForTimeout(400)
})

afterAll(async () => {
  expect(pageErrors).toEqual([])
  await context?.close()
})

const rows = () => tableRows(page)
const row = (text: string) => tableRow(page, text)
const toast = (text: string) => toastOf(page, text)
const dialog = (title: string) => dialogNamed(page, title)
const ok = confirmIn
// steps, check items, versions and stations are taken by their place in their list: their order is
// what these tests check, and an item just added has no name yet
const steps = (d: Locator) => d.getByTestId('template-step')
const stepNames = async (d: Locator) => steps(d).locator('input[aria-label="步骤名称"]').evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value))
const itemNames = async (step: Locator) => step.locator('input[aria-label="检验项名称"]').evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value))

const openMenu = (section: string, item: string) => openMenuOf(page, section, item)

/** Fills the item at `index` of `step`: name, kind and, for a number, unit and range. */
async function fillItem(step: Locator, index: number, item: { name: string; kind?: string; unit?: string; min?: string; max?: string }) {
  const row = step.getByTestId('template-item').nth(index)
  await row.locator('input[aria-label="检验项名称"]').fill(item.name)
  if (item.kind) await chooseOption(row.getByRole('combobox', { name: '检验项类型' }), item.kind)
  if (item.unit) await row.getByPlaceholder('单位').fill(item.unit)
  if (item.min) await row.getByPlaceholder('最小值').fill(item.min)
  if (item.max) await row.getByPlaceholder('最大值').fill(item.max)
}

describe('车辆类型', () => {
  it('lists the seeded vehicle types', async () => {
    await openMenu('检验配置', '车辆类型')
    await page.waitForURL('**/model/index')
    await row('常压车辆').waitFor()
    expect(await (await cellOf(row('承压车辆'), '当前版本')).textContent()).toBe('V1')
    await shot(page, 'refdata-models')
  })

  it('adds a template with two steps and their items, reordered before saving', async () => {
    await page.getByRole('button', { name: /新\s*增/ }).click()
    const d = dialog('新增车辆类型')
    await d.waitFor()
    await d.getByLabel('模板名称').fill(TEMPLATE)

    // the form checks like the server: an item without a name
    await ok(d)
    await d.getByText('检验项名称不能为空').waitFor()

    const first = steps(d).nth(0)
    await first.locator('input[aria-label="步骤名称"]').fill('外观检查')
    await fillItem(first, 0, { name: '罐体标志' })
    await first.getByRole('button', { name: '添加检验项' }).click()
    await fillItem(first, 1, { name: '凹陷深度', kind: '数值', unit: 'mm', min: '0', max: '10' })

    await d.getByRole('button', { name: '添加步骤' }).click()
    const second = steps(d).nth(1)
    await second.locator('input[aria-label="步骤名称"]').fill('耐压试验')
    await fillItem(second, 0, { name: '试验压力', kind: '数值', unit: 'MPa', min: '0', max: '4' })
    await second.getByRole('button', { name: '添加检验项' }).click()
    await fillItem(second, 1, { name: '试验结论', kind: '选项' })
    const options = second.getByTestId('template-item').nth(1).getByRole('combobox', { name: '选项' })
    await options.fill('合格')
    await options.press('Enter')
    await options.fill('不合格')
    await options.press('Enter')

    // reorder: 耐压试验 first, and 凹陷深度 before 罐体标志
    await first.getByRole('button', { name: '步骤下移' }).click()
    expect(await stepNames(d)).toEqual(['耐压试验', '外观检查'])
    const looks = steps(d).nth(1)
    await looks.getByTestId('template-item').nth(1).getByRole('button', { name: '检验项上移' }).click()
    expect(await itemNames(looks)).toEqual(['凹陷深度', '罐体标志'])
    await shot(page, 'refdata-template-new')

    await ok(d)
    await toast('创建成功').waitFor()
    await d.waitFor({ state: 'hidden' })
    const saved = row(TEMPLATE)
    await saved.waitFor()
    expect(await (await cellOf(saved, '当前版本')).textContent()).toBe('V1')
    expect(await (await cellOf(saved, '步骤数')).textContent()).toBe('2')
    expect(await (await cellOf(saved, '检验项数')).textContent()).toBe('4')
  })

  it('edits it, dragging a step by keyboard: version 2, and version 1 keeps its order', async () => {
    await row(TEMPLATE).getByText('编辑').click()
    const d = dialog('编辑车辆类型')
    await d.waitFor()
    await d.getByText('当前版本').waitFor()
    expect(await stepNames(d)).toEqual(['耐压试验', '外观检查'])

    // dnd-kit's keyboard sensor: space lifts, arrow moves, space drops
    const handle = steps(d).nth(1).locator('[aria-label="拖动排序"]').first()
    await handle.focus()
    await page.keyboard.press('Space')
    await page.waitForTimeout(200)
    await page.keyboard.press('ArrowUp')
    await page.waitForTimeout(300)
    await page.keyboard.press('Space')
    await page.waitForTimeout(300)
    expect(await stepNames(d)).toEqual(['外观检查', '耐压试验'])
    await steps(d).nth(0).getByTestId('template-item').nth(1).getByRole('button', { name: '删除检验项' }).click()
    expect(await itemNames(steps(d).nth(0))).toEqual(['凹陷深度'])

    await ok(d)
    await toast('更新成功').waitFor()
    await d.waitFor({ state: 'hidden' })
    await expect.poll(async () => (await cellOf(row(TEMPLATE), '当前版本')).textContent()).toBe('V2')

    await row(TEMPLATE).getByText('历史版本').click()
    const drawer = dialogNamed(page, `${TEMPLATE} · 历史版本`)
    await drawer.waitFor()
    const versions = drawer.getByTestId('template-version')
    await expect.poll(() => versions.count()).toBe(2)
    expect(await versions.nth(0).textContent()).toContain('V2')
    expect(await versions.nth(0).textContent()).toContain('当前')
    await drawer.getByText('第 1 步 外观检查').waitFor()
    await versions.nth(1).click()
    await drawer.getByText('第 1 步 耐压试验').waitFor()
    await drawer.getByText('第 2 步 外观检查').waitFor()
    await drawer.getByText('罐体标志').waitFor()
    await shot(page, 'refdata-versions')
    await drawer.getByRole('button', { name: '关闭', exact: true }).click()

    // behind the screen: version 1 is unchanged
    const { api } = env.server
    const token = await api.token()
    const list = await api.call<{ data: { id: number; name: string }[] }>('POST', '/model/find', { name: TEMPLATE }, token)
    const id = list.body.data.data[0]!.id
    const history = await api.call<{ id: number; version: number }[]>('GET', `/model/versions/${id}`, undefined, token)
    const v1 = await api.call<{ steps: { name: string; items: { name: string }[] }[] }>('GET', `/model/version/${history.body.data.at(-1)!.id}`, undefined, token)
    expect(v1.body.data.steps.map((s) => [s.name, s.items.map((i) => i.name)])).toEqual([
      ['耐压试验', ['试验压力', '试验结论']], ['外观检查', ['凹陷深度', '罐体标志']],
    ])
  })
})

describe('检验指标 and 工位分组', () => {
  it('adds an indicator with its range', async () => {
    await openMenu('检验配置', '检验指标')
    await page.waitForURL('**/model/indicator')
    // the lazily loaded page itself, not the rows of the page before it
    await page.locator('.ant-pro-table-list-toolbar-title').getByText('检验指标', { exact: true }).waitFor()
    await rows().first().waitFor()
    await page.getByRole('button', { name: /新\s*增/ }).click()
    const d = dialog('新增检验指标')
    await d.waitFor()
    await d.getByLabel('指标名称').fill('罐体容积偏差')
    await chooseOption(d.getByLabel('类型', { exact: true }), '数值')
    await d.getByLabel('单位').fill('%')
    await d.getByLabel('最大值').fill('3')
    await ok(d)
    await toast('创建成功').waitFor()
    await row('罐体容积偏差').filter({ hasText: '~ 3' }).waitFor()
  })

  it('adds a station group with two stations under a centre', async () => {
    const { api } = env.server
    const hq = await api.token()
    await api.createBase({ name: '工位端到端基地', contactor: '钱工', phone: '13655559001', domain: 'groups-e2e', password: 'Base@2026' }, hq)

    await openMenu('检验配置', '工位分组')
    await page.waitForURL('**/model/groups')
    await page.getByText('暂无工位分组').waitFor()
    await page.getByRole('button', { name: /新\s*增/ }).click()
    const d = dialog('新增工位分组')
    await d.waitFor()
    await chooseOption(d.getByLabel('所属基地', { exact: true }), '工位端到端基地')
    await d.getByLabel('分组名称').fill('一号检测线')
    await chooseOption(d.getByLabel('所属中心', { exact: true }), '罐车一中心')
    await d.getByPlaceholder('工位名称').first().fill('外观工位')
    await d.getByRole('button', { name: '添加工位' }).click()
    await d.getByPlaceholder('工位名称').nth(1).fill('耐压工位')
    await d.getByRole('button', { name: '工位上移' }).nth(1).click()
    await ok(d)
    await toast('创建成功').waitFor()
    const saved = row('一号检测线')
    await saved.waitFor()
    expect(await saved.textContent()).toContain('罐车一中心')
    expect(await (await cellOf(saved, '工位')).getByText(/工位$/).allTextContents()).toEqual(['耐压工位', '外观工位'])
    await shot(page, 'refdata-groups')
  })
})

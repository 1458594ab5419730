/**
 * The health-check screens as a base's main account uses them: create an activity (seen in the list, its
 * paragraphs in the detail), add a member (ID number masked, the eye shows it whole), import two members
 * from an xlsx (a wrong ID number refused by its row first), register a device (its secret shown once), let
 * the device post two readings through the API, and find them in 测量记录 with their conclusions.
 * Screenshots at 1440×900 go to /tmp/shots/health-*.png.
 */
import { formatDateTime, idCheckChar, MeasurementMsg } from '@app/contract'
import ExcelJS from 'exceljs'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { cellOf, confirmIn, dialogNamed, dialogOpened, landingMenuOpened, openMenu, shot, tableRow, toastOf } from './browser'
import { useServerAndBrowser } from './server'

const env = useServerAndBrowser()
let page: Page
const BASE = { name: '体检端到端基地', contactor: '钱芳', phone: '13655570001', domain: 'health-e2e', password: 'Base@2026' }

const idOf = (birth: string, serial: string) => {
  const first17 = `320102${birth}${serial}`
  return `${first17}${idCheckChar(first17)}`
}
const MEMBER_ID = idOf('19800315', '135')
const IMPORTED = [{ name: '导入甲', idNo: idOf('19900101', '246') }, { name: '导入乙', idNo: idOf('19851120', '357') }]
let secret = ''

async function memberSheet(rows: string[][]) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('会员')
  sheet.addRow(['姓名', '身份证号', '民族', '部门', '手机号'])
  for (const r of rows) sheet.addRow(r)
  return Buffer.from(await book.xlsx.writeBuffer())
}

beforeAll(async () => {
  await env.server.api.createBase(BASE)
  page = await env.signIn(BASE, { landing: '**/by_agent/index', viewport: { width: 1440, height: 900 } })
  await landingMenuOpened(page)
})

describe('健康体检', () => {
  it('creates an activity with a picture and two paragraphs; the list shows it and 查看 shows the paragraphs', async () => {
    await openMenu(page, '健康体检', '活动管理')
    await page.waitForURL('**/health/activity')
    await page.getByText('暂无活动').waitFor()
    await page.getByRole('button', { name: /新\s*增/ }).click()
    const dialog = dialogNamed(page, '新增活动')
    await dialogOpened(dialog)
    await dialog.getByLabel('活动标题').fill('社区健康体检日')
    await dialog.getByLabel('活动地点').fill('人民广场东侧')
    await dialog.getByLabel('主办单位').fill('街道卫生服务中心')
    const picture = await sharp({ create: { width: 480, height: 270, channels: 3, background: '#3a8ee6' } }).png().toBuffer()
    await dialog.locator('input[type=file]').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: picture })
    await expect.poll(() => dialog.locator('.ant-upload-list-item-done').count()).toBe(1)
    await dialog.getByLabel('活动内容').fill('免费测量血压、血糖和身高体重。\n请携带身份证。\n\n上午八点开始，<b>空腹</b>前来。')
    await shot(page, 'health-activity-dialog')
    await confirmIn(dialog)
    await toastOf(page, '新增活动成功').waitFor()
    const row = tableRow(page, '社区健康体检日')
    await row.waitFor()
    expect(await (await cellOf(row, '活动地点')).innerText()).toBe('人民广场东侧')
    await shot(page, 'health-activities')

    await row.getByText('查看').click()
    const drawer = page.getByRole('dialog', { name: '社区健康体检日' })
    await drawer.getByText('街道卫生服务中心').waitFor()
    const paragraphs = drawer.locator('p').filter({ hasText: /免费测量|上午八点/ })
    await expect.poll(() => paragraphs.allInnerTexts()).toEqual(['免费测量血压、血糖和身高体重。\n请携带身份证。', '上午八点开始，<b>空腹</b>前来。'])
    await drawer.getByRole('img', { name: '社区健康体检日的活动图片' }).waitFor()
    // the drawer has slid in
    await page.waitForTimeout(500)
    await shot(page, 'health-activity-detail')
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })
  })

  it('adds a member: sex and birthday from the ID number, the ID number masked in the list and whole after the eye', async () => {
    await openMenu(page, '健康体检', '成员列表')
    await page.waitForURL('**/health/member')
    await page.getByText('暂无会员').waitFor()
    await page.getByRole('button', { name: /新\s*增/ }).click()
    const dialog = dialogNamed(page, '新增会员')
    await dialogOpened(dialog)
    await dialog.getByLabel('姓名').fill('李建国')
    await dialog.getByLabel('身份证号').fill(`${MEMBER_ID.slice(0, 17)}${MEMBER_ID[17] === '0' ? '1' : '0'}`)
    await dialog.getByText('身份证号校验位不正确，请核对后重新输入').waitFor()
    await dialog.getByLabel('身份证号').fill(MEMBER_ID)
    await expect.poll(() => dialog.getByTestId('member-sex').innerText()).toContain('男（出生日期 1980-03-15')
    await dialog.getByRole('combobox', { name: '部门' }).fill('体检一部')
    await dialog.getByLabel('手机号').fill('13912345678')
    await shot(page, 'health-member-dialog')
    await confirmIn(dialog)
    await toastOf(page, '创建成功').waitFor()
    const row = tableRow(page, '李建国')
    await row.waitFor()
    const idCell = await cellOf(row, '身份证号')
    expect(await idCell.innerText()).toBe(`320**************${MEMBER_ID.slice(-1)}`)
    expect(await (await cellOf(row, '手机号')).innerText()).toBe('139****5678')
    expect(await (await cellOf(row, '性别')).innerText()).toBe('男')
    expect(await (await cellOf(row, '出生日期')).innerText()).toBe('1980-03-15')
    await idCell.getByRole('button', { name: '查看完整身份证号' }).click()
    await expect.poll(() => idCell.innerText()).toBe(MEMBER_ID)
    await shot(page, 'health-members')
  })

  it('imports members from an xlsx: a wrong ID number refuses the file by its row, the corrected file imports both', async () => {
    await page.getByRole('button', { name: /导\s*入/ }).click()
    const dialog = dialogNamed(page, '导入会员')
    await dialogOpened(dialog)
    const wrong = `${IMPORTED[1]!.idNo.slice(0, 17)}${IMPORTED[1]!.idNo[17] === '0' ? '1' : '0'}`
    await dialog.locator('input[type=file]').setInputFiles({ name: '会员.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await memberSheet([[IMPORTED[0]!.name, IMPORTED[0]!.idNo, '汉族', '体检二部', ''], [IMPORTED[1]!.name, wrong, '回族', '体检二部', '']]) })
    await dialog.getByRole('button', { name: /^导\s*入$/ }).click()
    await expect.poll(() => dialog.getByTestId('import-refusal').innerText()).toContain('第3行：身份证号校验位不正确')
    await shot(page, 'health-import-refused')
    await dialog.locator('input[type=file]').setInputFiles({ name: '会员.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await memberSheet(IMPORTED.map((m) => [m.name, m.idNo, '汉族', '体检二部', ''])) })
    await dialog.getByRole('button', { name: /^导\s*入$/ }).click()
    await toastOf(page, '导入成功，共导入2名会员').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    for (const m of IMPORTED) {
      const row = tableRow(page, m.name)
      await row.waitFor()
      expect(await (await cellOf(row, '部门')).innerText()).toBe('体检二部')
      expect(await (await cellOf(row, '身份证号')).innerText()).toBe(`320**************${m.idNo.slice(-1)}`)
    }
  })

  it('registers a device: the secret is shown once, with the warning, and nowhere after', async () => {
    await openMenu(page, '健康体检', '设备管理')
    await page.waitForURL('**/health/machine')
    await page.getByText('暂无设备').waitFor()
    await page.getByRole('button', { name: /新\s*增/ }).click()
    const dialog = dialogNamed(page, '新增设备')
    await dialogOpened(dialog)
    await dialog.getByLabel('设备编号').fill('BP-E2E-01')
    // the town it stands in, found by part of its name
    await dialog.getByLabel('所在乡镇').fill('新街口街道')
    await page.locator('.ant-cascader-menu-item', { hasText: '玄武区' }).filter({ hasText: '新街口街道' }).first().click()
    await dialog.getByText('江苏省 / 南京市 / 玄武区 / 新街口街道').filter({ visible: true }).waitFor()
    await confirmIn(dialog)
    const secretDialog = dialogNamed(page, '设备密钥')
    await dialogOpened(secretDialog)
    await secretDialog.getByText(MeasurementMsg.secretShownOnce).waitFor()
    secret = (await secretDialog.getByTestId('device-secret').innerText()).trim()
    expect(secret.length).toBeGreaterThanOrEqual(20)
    await secretDialog.getByRole('button', { name: '复制' }).waitFor()
    await shot(page, 'health-machine-secret')
    await secretDialog.getByRole('button', { name: '我已保存' }).click()
    await secretDialog.waitFor({ state: 'hidden' })
    const row = tableRow(page, 'BP-E2E-01')
    await row.waitFor()
    expect(await (await cellOf(row, '所在乡镇')).innerText()).toBe('新街口街道')
    expect(await page.content()).not.toContain(secret)
    await shot(page, 'health-machines')
  })

  it('the device posts two readings with its own credential; 测量记录 lists them with their conclusions, the abnormal one in red', async () => {
    const post = (reading: Record<string, unknown>) => env.server.api.postReading({ deviceNo: 'BP-E2E-01', secret }, reading)
      .then(({ status, body }) => ({ status, message: body.message }))
    const at = (minutesAgo: number) => formatDateTime(new Date(Date.now() - minutesAgo * 60_000))
    expect(await post({ requestId: 'e2e-1', idNo: MEMBER_ID, measuredTime: at(30), systolic: 165, diastolic: 102, sugar: 7.4, height: 170, weight: 85 }))
      .toMatchObject({ status: 200, message: MeasurementMsg.recorded })
    expect(await post({ requestId: 'e2e-2', idNo: IMPORTED[0]!.idNo, measuredTime: at(10), systolic: 112, diastolic: 72, sugar: 5.1, height: 160, weight: 55 }))
      .toMatchObject({ status: 200, message: MeasurementMsg.recorded })

    await openMenu(page, '健康体检', '测量记录')
    await page.waitForURL('**/health/measurement')
    const ill = tableRow(page, '李建国')
    const well = tableRow(page, IMPORTED[0]!.name)
    await ill.waitFor()
    await well.waitFor()
    expect(await (await cellOf(ill, '血压（mmHg）')).innerText()).toBe('165/102')
    expect(await (await cellOf(ill, '血压结论')).innerText()).toBe('高血压2级')
    expect(await (await cellOf(ill, '血糖结论')).innerText()).toBe('糖尿病')
    expect(await (await cellOf(ill, 'BMI结论')).innerText()).toBe('肥胖')
    expect(await (await cellOf(ill, '手机号')).innerText()).toBe('139****5678')
    // abnormal values are marked, normal ones are not
    await (await cellOf(ill, '血压（mmHg）')).getByTitle('异常：高血压2级').waitFor()
    expect(await (await cellOf(well, '血压结论')).innerText()).toBe('正常')
    expect(await (await cellOf(well, 'BMI结论')).innerText()).toBe('正常')
    expect(await (await cellOf(well, '血压（mmHg）')).getByTitle(/^异常/).count()).toBe(0)
    await shot(page, 'health-measurements')
  })
})

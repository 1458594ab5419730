/**
 * 物品登记 as a base's main account uses it: register an item with its photos and ticket, find it by its
 * description text with a character misread and by a new photo of it (以图搜物), mark it 可疑 after the
 * confirm, reveal the masked phone, and view it: from the list (?active) read only, without 保存/删除/关闭; opened plainly, with them.
 * Screenshots go to /tmp/shots/goods-*.png.
 */
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { cellOf, confirmIn, dialogNamed, dialogOpened, landingMenuOpened, openMenu, searchForm, shot, tableRow, toastOf } from './browser'
import { item as goodsPhoto, rePhotographed } from '../server/test/goodsPhotos/photoKit'
import { useServerAndBrowser } from './server'

const env = useServerAndBrowser()
let page: Page
const BASE = { name: '物品端到端基地', contactor: '孙丽', phone: '13655560001', domain: 'goods-e2e', password: 'Base@2026' }

const photo = (colour: string, text: string) => sharp(Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#f4f1ea"/><circle cx="200" cy="130" r="80" fill="none" stroke="${colour}" stroke-width="24"/><text x="200" y="275" font-family="sans-serif" font-size="26" text-anchor="middle">${text}</text></svg>`,
)).png().toBuffer()

beforeAll(async () => {
  await env.server.api.createBase(BASE)
  page = await env.signIn(BASE, { landing: '**/by_agent/index', viewport: { width: 1440, height: 900 } })
  await landingMenuOpened(page)
})

const row = () => tableRow(page, 'GD20240515001')

describe('物品登记', () => {
  it('registers an item with a goods photo and the ticket photo; the list shows its thumbnail and masks the phone and ID number', async () => {
    await openMenu(page, null, '物品列表')
    await page.waitForURL('**/imagesearch/index')
    await page.getByText('暂无物品').waitFor()
    await page.getByRole('button', { name: /新\s*增/ }).click()
    const dialog = dialogNamed(page, '新增物品')
    await dialogOpened(dialog)
    // a save with nothing filled is refused by the form, field by field
    await dialog.getByRole('button', { name: /确\s*定/ }).click()
    await dialog.getByText('物品名称不能为空').waitFor()
    await dialog.getByText('请至少上传一张物品照片').waitFor()

    await dialog.getByLabel('物品名称').fill('周大福足金手镯')
    await dialog.getByLabel('当票号').fill('GD20240515001')
    await dialog.getByLabel('当票时间').fill('2024-05-15 10:30:00')
    await dialog.getByLabel('当票时间').press('Enter')
    await dialog.getByLabel('当户姓名').fill('张三')
    await dialog.getByLabel('手机号').fill('13812345678')
    await dialog.getByLabel('身份证号').fill('110105199003071230')
    await dialog.getByText('身份证号校验位不正确，请核对后重新输入').waitFor()
    await dialog.getByLabel('身份证号').fill('110105199003071239')
    await dialog.locator('input[type=file]').last().setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: await photo('#a33', 'PAWN TICKET') })
    await expect.poll(() => dialog.locator('.ant-upload-list-item-done').count()).toBe(1)
    await dialog.locator('input[type=file]').first().setInputFiles({ name: 'bangle.jpg', mimeType: 'image/jpeg', buffer: await goodsPhoto(100) })
    await expect.poll(() => dialog.locator('.ant-upload-list-item-done').count()).toBe(2)
    // the photo's rule is checked again once there is one
    await expect.poll(() => dialog.getByText('请至少上传一张物品照片').count()).toBe(0)
    await shot(page, 'goods-dialog')
    await confirmIn(dialog)
    await toastOf(page, '创建成功').waitFor()
    await row().waitFor()
    expect(await (await cellOf(row(), '手机号')).innerText()).toContain('138****5678')
    expect(await (await cellOf(row(), '身份证号')).innerText()).toContain('110***********1239')
    await expect.poll(() => row().getByRole('img', { name: '周大福足金手镯照片1' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  })

  it('finds it by its description text with one character misread, and not by an unrelated text', async () => {
    const form = searchForm(page)
    await form.getByLabel('描述文字').fill('周大福足全手镯')
    await form.getByRole('button', { name: /查\s*询/ }).click()
    await row().waitFor()
    await form.getByLabel('描述文字').fill('完全无关的东西')
    await form.getByRole('button', { name: /查\s*询/ }).click()
    await page.getByText('暂无物品').waitFor()
    await form.getByLabel('描述文字').fill('GD20240515001')
    await form.getByRole('button', { name: /查\s*询/ }).click()
    await row().waitFor()
  })

  it('finds it by a new photo of it (以图搜物): first, with its matching photo and likeness, and 查看 opens it', async () => {
    await page.getByRole('button', { name: '以图搜物' }).click()
    const dialog = dialogNamed(page, '以图搜物')
    await dialogOpened(dialog)
    const results = dialog.getByTestId('photo-search-results')
    // text not a photo is refused before it is sent
    await dialog.locator('input[type=file]').setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('不是照片') })
    await dialog.getByText('物品照片无法识别，请上传 JPG、PNG 或 WEBP 图片').waitFor()
    const again = await rePhotographed(await goodsPhoto(100), 500)
    // the photo is indexed just after the save: until then the search finds nothing, and is asked again
    await expect.poll(async () => {
      await dialog.locator('input[type=file]').setInputFiles({ name: 'again.jpg', mimeType: 'image/jpeg', buffer: again })
      await dialog.getByText('正在比对照片…').waitFor({ state: 'hidden', timeout: 120_000 })
      return results.count()
    }, { timeout: 180_000, interval: 2000 }).toBe(1)
    const first = results.locator('.ant-list-item').first()
    expect(await first.innerText()).toContain('周大福足金手镯')
    expect(await first.innerText()).toMatch(/相似度 \d+%/)
    await expect.poll(() => first.getByRole('img', { name: '周大福足金手镯的匹配照片' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await dialog.getByRole('img', { name: '要查找的照片' }).waitFor()
    await shot(page, 'goods-photo-search')
    await first.getByText('查看').click()
    await page.waitForURL(/\/goodsDetail\/index\?id=\d+&active=1/)
    await page.getByText('周大福足金手镯').first().waitFor()
    await page.goBack()
    await row().waitFor()
  })

  it('marks it 可疑 after the confirm, and an admin reveals the full phone with the eye', async () => {
    await row().getByText('标记可疑').click()
    const confirm = page.getByRole('dialog').filter({ hasText: '确定将该物品标记为可疑吗？' })
    await confirmIn(confirm)
    await toastOf(page, '已标记为可疑').waitFor()
    await expect.poll(async () => (await cellOf(row(), '是否可疑')).innerText()).toBe('可疑')
    await row().getByRole('button', { name: '查看完整手机号' }).click()
    await expect.poll(async () => (await cellOf(row(), '手机号')).innerText()).toContain('13812345678')
    await shot(page, 'goods-list')
  })

  it('查看 opens the detail read only (?active): no 保存, 删除 or 关闭; opened plainly it has them', async () => {
    await row().getByText('查看').click()
    await page.waitForURL(/\/goodsDetail\/index\?id=\d+&active=1/)
    await page.getByText('物品详情').first().waitFor()
    await page.getByText('周大福足金手镯').first().waitFor()
    await expect.poll(() => page.getByRole('img', { name: '周大福足金手镯照片1' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    for (const name of [/^保\s*存$/, /^删\s*除$/, /^关\s*闭$/]) expect(await page.getByRole('button', { name }).count()).toBe(0)
    await shot(page, 'goods-detail-active')
    await page.goto(page.url().replace('&active=1', ''))
    for (const name of [/^保\s*存$/, /^删\s*除$/, /^关\s*闭$/]) await page.getByRole('button', { name }).waitFor()
  })
})

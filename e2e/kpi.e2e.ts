/**
 * 检验统计 as a base admin of the demo data uses it (`npm run seed:demo`: reports in every status over
 * five weeks): the figures of the last 30 days on the cards match the server's, only the own base is
 * listed, the charts draw, a figure and an inspector's count open the reports behind them, which export
 * as xlsx; 按周 regroups the chart. Screenshots go to /tmp/shots/kpi-*.png.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { KPI_EXPORT_NAME, type KpiSummary } from '@app/contract'
import { createScratchDatabase } from '../server/test/scratchDatabase'
import { cellOf, columnTexts, launchBrowser, newContext, openMenu, shot, signedInPage, tableRow, tableRows } from './browser'
import { ROOT, startServer, type TestServer } from './server'

/** the first demo base's main account (server/src/demo/demo.ts, DEMO_PASSWORD) */
const BASE_ADMIN = { username: '13951702301', password: 'Demo@2025' }
const BASE_NAME = '南京江宁危险品车辆检测基地'

let server: TestServer
let browser: Browser
let context: BrowserContext
let page: Page
let summary: KpiSummary
let dataDir: string | undefined
let database: Awaited<ReturnType<typeof createScratchDatabase>> | null = null
const pageErrors: string[] = []

beforeAll(async () => {
  // the demo data goes into the database before the server opens it (PGlite is one process's)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-kpi-'))
  database = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL, 'e2e_kpi') : null
  const where = database ? { DATA_DIR: dataDir, DATABASE_URL: database.url } : { DATA_DIR: dataDir, DATABASE_URL: '' }
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'server/dist/seed-demo.js')], {
    cwd: ROOT, env: { ...process.env, ...where, LOG_LEVEL: 'warn' }, timeout: 170_000,
  })
  server = await startServer(where)
  browser = await launchBrowser()
  const token = (await server.api.login(BASE_ADMIN.username, BASE_ADMIN.password)).body.data.token
  const res = await server.api.call<KpiSummary>('POST', '/kpi/summary', {}, token)
  expect(res.status).toBe(200)
  summary = res.body.data
  context = await newContext(browser, server.url)
  page = await signedInPage(context, BASE_ADMIN, pageErrors)
  await page.setViewportSize({ width: 1600, height: 1000 })
}, 360_000)

afterAll(async () => {
  expect(pageErrors).toEqual([])
  await context?.close()
  await browser?.close()
  await server?.stop()
  await database?.drop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

const card = (key: string) => page.getByTestId(`kpi-total-${key}`)
const detail = () => page.getByTestId('kpi-detail')
/** the figure a card shows (its value, under its title) */
const figureOn = (key: string, value: number) => card(key).getByText(String(value), { exact: true })

describe('检验统计', () => {
  it('shows the last 30 days of the own base as the server counts them, with its charts', async () => {
    // the demo has signed, failed and running reports in the last five weeks
    expect(summary.totals.signed).toBeGreaterThan(0)
    expect(summary.totals.started).toBeGreaterThan(summary.totals.signed)
    expect(summary.bases.map((b) => b.companyName)).toEqual([BASE_NAME])

    await openMenu(page, '检验管理', '检验统计')
    await page.waitForURL('**/trace/kpi')
    for (const key of ['registered', 'started', 'finished', 'signed'] as const) {
      await figureOn(key, summary.totals[key]).waitFor()
    }
    await expect.poll(() => card('passRate').textContent()).toContain(`${summary.totals.passRate}%`)
    expect(await tableRows(page.getByTestId('kpi-bases')).allTextContents()).toEqual([expect.stringContaining(BASE_NAME)])
    // ECharts drew the period and inspector charts (canvas), loaded with the page
    await page.getByTestId('kpi-period-chart').locator('canvas').first().waitFor()
    await page.getByTestId('kpi-inspector-chart').locator('canvas').first().waitFor()
    await page.getByTestId('kpi-steps').getByRole('tab').first().waitFor()
    await shot(page, 'kpi-summary')
  })

  it('a figure opens the reports behind it, which export as xlsx', async () => {
    await card('signed').click()
    await detail().getByText(/报告明细：.* · 已签发/).waitFor()
    await detail().getByText(`共 ${summary.totals.signed} 条`).waitFor()
    const statuses = await columnTexts(detail(), '状态')
    expect(statuses.length).toBe(Math.min(10, summary.totals.signed))
    expect(new Set(statuses)).toEqual(new Set(['已签发']))
    await shot(page, 'kpi-detail')

    const [file] = await Promise.all([page.waitForEvent('download'), detail().getByRole('button', { name: /导\s*出/ }).click()])
    expect(file.suggestedFilename()).toBe(`${KPI_EXPORT_NAME}.xlsx`)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile((await file.path())!)
    expect(book.worksheets[0]!.rowCount - 1).toBe(summary.totals.signed)
  })

  it('an inspector\'s count opens that inspector\'s reports; 按周 regroups the chart', async () => {
    const busiest = summary.inspectors[0]!
    const row = tableRow(page.getByTestId('kpi-inspectors'), busiest.inspectorName)
    await (await cellOf(row, '开始检验')).getByText(String(busiest.started), { exact: true }).click()
    await detail().getByText(`报告明细：${busiest.inspectorName} · 开始检验`).waitFor()
    await detail().getByText(`共 ${busiest.started} 条`).waitFor()
    const names = await columnTexts(detail(), '检验负责人')
    expect(new Set(names)).toEqual(new Set([busiest.inspectorName]))

    await page.getByText('按周', { exact: true }).click()
    await page.getByRole('button', { name: /查\s*询/ }).click()
    await detail().waitFor({ state: 'detached' })
    await figureOn('signed', summary.totals.signed).waitFor()
    await page.getByText(/检验数量（.*，按周）/).waitFor()
    expect(await tableRows(page).count()).toBeGreaterThan(0)
    await shot(page, 'kpi-weeks')
  })
})

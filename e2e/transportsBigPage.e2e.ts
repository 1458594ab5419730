/**
 * 运单列表 with a 100,000-row page, on transports made through the API from the fixture tickets
 * (transportFixtures.ts): how long after its answer arrives the first rows are painted, and a scroll
 * through it. Screenshots go to /tmp/shots/transports-100k*.png.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { PackedPage } from '@app/contract'
import { chooseOption } from './browser'
import { gridRowOf, settledShot, useTransports } from './transportFixtures'

const BIG_PAGE = 100_000
const FIRST_BIG_ID = 1_000_000

const t = useTransports()
let page: Page
let token: string
const { env, made, pageErrors, figures, transport } = t
beforeAll(() => {
  page = t.page
  token = t.token
})

const gridRow = (text: string) => gridRowOf(page, text)

describe('a 100,000-row page', () => {
  /**
   * Switches the grid to 100,000 rows a page, the answer being `sample` (a row of the server's packed
   * grid page) repeated: the page's fetch is answered from memory, so the time measured is the
   * browser's alone, from the moment the answer is there to the frame that shows its first rows; then
   * the time until the whole page is in the grid (共 100000 条 and no more 正在接收).
   */
  async function paintBigPage(sample: PackedPage) {
    await page.goto('/by_agent/index')
    await gridRow('E2E结算plain').waitFor()
    const size = await page.evaluate(({ sample, n, firstId }) => {
      const at = (key: string) => sample.columns.indexOf(key)
      const [id, settlement, level, destinations] = [at('id'), at('signSettlement'), at('dangerLevel'), at('destinations')]
      const levels = [null, 1, 2, 3]
      const rows = Array.from({ length: n }, (_, i) => {
        const row = [...sample.rows[0]!]
        row[id] = firstId + i
        row[settlement] = `批量结算${i}`
        row[level] = levels[i % 4]
        if (i % 10) row[destinations] = []
        return row
      })
      // bytes, as the network delivers them (encoding the answer is not the page's work)
      const answer = new TextEncoder().encode(JSON.stringify({ code: 200, message: '操作成功', data: { columns: sample.columns, rows, totalCount: n } }))
      const w = window as unknown as { __painted: Promise<number>; __arrived: number }
      const realFetch = window.fetch
      window.fetch = async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
        if (url.includes('/api/logistics/grid') && typeof init?.body === 'string' && JSON.parse(init.body).size === n) {
          w.__arrived = performance.now()
          // all of it there at once, in the pieces a network delivers
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              for (let at = 0; at < answer.length; at += 65_536) controller.enqueue(answer.subarray(at, at + 65_536))
              controller.close()
            },
          })
          return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })
        }
        return realFetch(input, init)
      }
      w.__painted = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (!document.querySelector(`[role="row"][data-row-key="${firstId}"]`)) return
          observer.disconnect()
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))
        })
        observer.observe(document.body, { childList: true, subtree: true })
      })
      return answer.byteLength
    }, { sample, n: BIG_PAGE, firstId: FIRST_BIG_ID })
    await chooseOption(page.getByRole('combobox', { name: '页码' }), `${BIG_PAGE} 条/页`)
    const { ms, whole } = await page.evaluate(async () => {
      const w = window as unknown as { __painted: Promise<number>; __arrived: number }
      const painted = await w.__painted
      // then each frame until the rest of the page has come in
      while (document.querySelector('[data-testid="rows-arriving"]')) await new Promise((r) => requestAnimationFrame(r))
      return { ms: Math.round(painted - w.__arrived), whole: Math.round(performance.now() - w.__arrived) }
    })
    figures.push(`transport grid 100k rows (packed answer ${(size / 1024 / 1024).toFixed(0)} MB): answer to first rows painted ${ms} ms, to the whole page in the grid ${whole} ms`)
    await page.getByText(`共 ${BIG_PAGE} 条`).waitFor()
    return ms
  }

  it('renders a 100,000-row answer, timing its first paint, and scrolls to the last row', async () => {
    // the split transport's row as the grid's page answers it (with its extra destinations)
    const res = await env.server.api.call<PackedPage>('POST', '/logistics/grid', { page: 1, size: 100 }, token)
    const id = res.body.data.columns.indexOf('id')
    const sample = { ...res.body.data, rows: res.body.data.rows.filter((r) => r[id] === made.split!.id) }
    expect(sample.rows).toHaveLength(1)
    await page.setViewportSize({ width: 1920, height: 1080 })
    // the target is 1 s (issue 10); the figure is printed above and reported, not asserted
    expect(await paintBigPage(sample)).toBeGreaterThan(0)
    await settledShot(page, 'transports-100k')

    // what a frame takes with nothing to do, the yardstick of the scroll's frames below
    const idle = await page.evaluate(async () => {
      const frames: number[] = []
      let last = await new Promise<number>((r) => requestAnimationFrame(r))
      for (let i = 0; i < 120; i++) {
        const now = await new Promise<number>((r) => requestAnimationFrame(r))
        frames.push(now - last)
        last = now
      }
      return frames.sort((a, b) => a - b)[60]!
    })
    figures.push(`transport grid 100k rows, idle: frame p50 ${idle.toFixed(1)} ms`)
    // scroll through it: frame times over 120 frames, the body moved top to bottom (the scroll bar
    // dragged: every frame shows new rows), then 120 px a frame (a mouse wheel's step)
    for (const [how, step] of [['top to bottom in 120 steps', 0], ['by 120 px a frame', 120]] as const) {
      const scroll = await page.evaluate(async (step) => {
        const holder = document.querySelector('[data-testid="grid-body"]') as HTMLElement
        const frames: number[] = []
        const from = holder.scrollTop = step ? holder.scrollHeight / 3 : 0
        await new Promise((r) => requestAnimationFrame(r))
        let last = performance.now()
        for (let i = 1; i <= 120; i++) {
          holder.scrollTop = step ? from + step * i : (holder.scrollHeight * i) / 120
          await new Promise((r) => requestAnimationFrame(r))
          const now = performance.now()
          frames.push(now - last)
          last = now
        }
        frames.sort((a, b) => a - b)
        return { p50: frames[60]!, p95: frames[114]!, max: frames[119]! }
      }, step)
      figures.push(`transport grid 100k rows scrolled ${how}: frame p50 ${scroll.p50.toFixed(0)} ms (${(scroll.p50 / idle).toFixed(2)}× idle), p95 ${scroll.p95.toFixed(0)} ms, max ${scroll.max.toFixed(0)} ms`)
    }
    // one scroll to the bottom shows the page's last row, whole, at the bottom of the body: every row
    // keeps the one height the body places rows by
    const end = await page.evaluate((lastId) => {
      const holder = document.querySelector('[data-testid="grid-body"]') as HTMLElement
      holder.scrollTop = holder.scrollHeight
      return new Promise<{ heights: number[]; gap: number } | null>((resolve) => requestAnimationFrame(() => {
        const last = holder.querySelector(`[role="row"][data-row-key="${lastId}"]`)
        if (!last) return resolve(null)
        const heights = [...new Set(Array.from(holder.querySelectorAll<HTMLElement>('[role="row"]'), (r) => r.offsetHeight))]
        resolve({ heights, gap: Math.round(holder.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom) })
      }))
    }, FIRST_BIG_ID + BIG_PAGE - 1)
    expect(end).not.toBeNull()
    expect(end!.heights).toEqual([40])
    // below the last row only the horizontal scroll bar
    expect(end!.gap).toBeGreaterThanOrEqual(0)
    expect(end!.gap).toBeLessThanOrEqual(20)
    await settledShot(page, 'transports-100k-end')
  }, 400_000)
})

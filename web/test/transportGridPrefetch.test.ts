/** The grid's first page asked for right after sign-in: taken once by the grid, and only while fresh. */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

vi.mock('../src/app/AntdRoot', () => ({ message: { error: vi.fn() }, Modal: { confirm: vi.fn() } }))
vi.mock('../src/app/storage', () => ({ getToken: () => 'tok', clearToken: () => undefined }))
const api = await import('../src/api/transports')

const answer = () => new Response(JSON.stringify({ code: 200, message: '操作成功', data: { columns: ['id'], totalCount: 1, rows: [[7]] } }), {
  status: 200, headers: { 'content-type': 'application/json' },
})
let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  fetchMock = vi.fn(async () => answer())
  vi.stubGlobal('fetch', fetchMock)
  vi.stubGlobal('location', new URL('http://base.example.com/by_agent/index'))
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

it('asks for page 1 at the default size; the grid takes that page once', async () => {
  api.prefetchTransportGrid()
  const taken = api.takePrefetchedGrid()
  expect((await taken!).data.map((r) => r.id)).toEqual([7])
  expect(api.takePrefetchedGrid()).toBeNull()
  expect(fetchMock).toHaveBeenCalledTimes(1)
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
  expect(url).toBe('/api/logistics/grid')
  expect(JSON.parse(String(init.body))).toEqual(api.FIRST_GRID_QUERY)
})

it('a page asked for more than 10 s ago is not taken (the grid asks again)', async () => {
  vi.useFakeTimers()
  api.prefetchTransportGrid()
  vi.advanceTimersByTime(10_001)
  expect(api.takePrefetchedGrid()).toBeNull()
})

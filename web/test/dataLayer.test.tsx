// @vitest-environment jsdom
/** The web's data layer: the shell's query defaults, the shared base options and the record opened by ?id=. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { RequestError } from '../src/api/request'

const companiesApi = vi.hoisted(() => ({ companyOptions: vi.fn() }))
vi.mock('../src/api/companies', () => companiesApi)

const { createQueryClient, shouldRetry } = await import('../src/app/queryClient')
const { companyColumn, useCompanyOptions } = await import('../src/components/companies')
const { useRecordById } = await import('../src/components/useRecordById')

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

const wrapper = (client = createQueryClient(), path = '/') => ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}><MemoryRouter initialEntries={[path]}>{children}</MemoryRouter></QueryClientProvider>
)

describe('shouldRetry', () => {
  it('asks once more only when the server could not be reached', () => {
    expect(shouldRetry(0, new RequestError('网络错误', 0, 0))).toBe(true)
    expect(shouldRetry(0, new RequestError('服务器错误', 500, 500))).toBe(true)
    expect(shouldRetry(1, new RequestError('网络错误', 0, 0))).toBe(false)
  })

  it('never retries a refusal, a session end or a cancel (the user was already told)', () => {
    expect(shouldRetry(0, new RequestError('名称不能为空', 400, 400))).toBe(false)
    expect(shouldRetry(0, new RequestError('基地不存在', 404, 404))).toBe(false)
    expect(shouldRetry(0, new RequestError('登录已过期', 50014, 401))).toBe(false)
    expect(shouldRetry(0, new RequestError('请求已取消', 0, 0, true))).toBe(false)
    expect(shouldRetry(0, new Error('x'))).toBe(false)
  })
})

describe('useCompanyOptions', () => {
  const bases = [{ id: 1, name: '总部' }, { id: 2, name: '一号基地' }]

  it('screens and dialogs share one read of the bases', async () => {
    companiesApi.companyOptions.mockResolvedValue(bases)
    const Wrapper = wrapper()
    const a = renderHook(() => useCompanyOptions(), { wrapper: Wrapper })
    const b = renderHook(() => useCompanyOptions(), { wrapper: Wrapper })
    await waitFor(() => expect(a.result.current).toEqual(bases))
    await waitFor(() => expect(b.result.current).toEqual(bases))
    expect(companiesApi.companyOptions).toHaveBeenCalledTimes(1)
    expect(companiesApi.companyOptions.mock.calls[0]![0]).toMatchObject({ silent: true })
  })

  it('asks nothing while disabled (a base user on a headquarters-only filter) and gives []', () => {
    const { result } = renderHook(() => useCompanyOptions({ enabled: false }), { wrapper: wrapper() })
    expect(result.current).toEqual([])
    expect(companiesApi.companyOptions).not.toHaveBeenCalled()
  })

  it('an empty picker when the bases cannot be read', async () => {
    companiesApi.companyOptions.mockRejectedValue(new RequestError('无权限', 403, 403))
    const client = createQueryClient()
    const { result } = renderHook(() => useCompanyOptions(), { wrapper: wrapper(client) })
    await waitFor(() => expect(client.getQueryState(['companies', 'options'])?.status).toBe('error'))
    expect(result.current).toEqual([])
  })
})

describe('companyColumn', () => {
  it('shows the row\'s base and filters by the picked base\'s id', () => {
    const col = companyColumn<{ companyName: string }>([{ id: 2, name: '一号基地' }])
    expect(col).toMatchObject({ title: '所属基地', dataIndex: 'companyName', width: 180, hideInTable: false, hideInSearch: false })
    expect((col.fieldProps as { options: unknown }).options).toEqual([{ label: '一号基地', value: 2 }])
    expect((col.search as { transform: (v: number) => unknown }).transform(2)).toEqual({ companyId: 2 })
    expect(col.render!(null, { companyName: '一号基地' }, 0, undefined as never, undefined as never)).toBe('一号基地')
  })

  it('hidden where a base user\'s rows are all their own base', () => {
    expect(companyColumn([], { inTable: false, inSearch: false })).toMatchObject({ hideInTable: true, hideInSearch: true })
    expect(companyColumn([], { title: '充值基地', width: false })).toMatchObject({ title: '充值基地', width: undefined })
  })
})

describe('useRecordById', () => {
  const opts = { key: ['things'], missing: '缺少编号', failed: (m: string) => `加载失败：${m}` }

  it('reads the record the URL names, with its id', async () => {
    const load = vi.fn(async (id: number, _opts?: unknown) => ({ id, name: '甲' }))
    const { result } = renderHook(() => useRecordById({ ...opts, load }), { wrapper: wrapper(undefined, '/x?id=7') })
    expect(result.current.loading).toBe(true)
    await waitFor(() => expect(result.current.data).toEqual({ id: 7, name: '甲' }))
    expect(result.current).toMatchObject({ id: 7, error: null, loading: false })
    expect(load.mock.calls[0]![0]).toBe(7)
    expect(load.mock.calls[0]![1]).toMatchObject({ silent: true })
  })

  it('asks nothing without a valid id and says why', () => {
    const load = vi.fn()
    for (const path of ['/x', '/x?id=abc', '/x?id=0', '/x?id=1.5']) {
      const { result } = renderHook(() => useRecordById({ ...opts, load }), { wrapper: wrapper(undefined, path) })
      expect(result.current).toMatchObject({ data: null, error: '缺少编号', loading: false })
    }
    expect(load).not.toHaveBeenCalled()
  })

  it('the server\'s refusal as the page\'s message, none for a session end (the confirm tells it)', async () => {
    const refused = renderHook(() => useRecordById({ ...opts, load: () => Promise.reject(new RequestError('运单不存在', 404, 404)) }), { wrapper: wrapper(undefined, '/x?id=3') })
    await waitFor(() => expect(refused.result.current.error).toBe('加载失败：运单不存在'))
    const ended = renderHook(() => useRecordById({ ...opts, load: () => Promise.reject(new RequestError('登录已过期', 50014, 401)) }), { wrapper: wrapper(undefined, '/x?id=3') })
    await waitFor(() => expect(ended.result.current.loading).toBe(false))
    expect(ended.result.current.error).toBeNull()
  })

  it('reload reads the record again (after a write changed it)', async () => {
    let version = 0
    const load = vi.fn(async (id: number) => ({ id, version: ++version }))
    function Page() {
      const { data, reload } = useRecordById({ ...opts, load })
      return <button type="button" onClick={reload}>v{data?.version ?? 0}</button>
    }
    const Wrapper = wrapper(undefined, '/x?id=5')
    render(<Wrapper><Page /></Wrapper>)
    await screen.findByText('v1')
    screen.getByRole('button').click()
    await screen.findByText('v2')
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe('the shell\'s cache and the session', () => {
  it('forgets every answer when the session ends, so the next user never sees it', async () => {
    const { queryClient } = await import('../src/app/queryClient')
    const { endSession } = await import('../src/app/session')
    queryClient.setQueryData(['companies', 'options'], [{ id: 2, name: '一号基地' }])
    await endSession()
    expect(queryClient.getQueryData(['companies', 'options'])).toBeUndefined()
  })
})

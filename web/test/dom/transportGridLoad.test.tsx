// @vitest-environment jsdom
/**
 * 运单列表 when its rows cannot be loaded: the grid says so where the rows would be, with 重试 (a
 * toast alone fades and leaves what looks like an empty list), and 重试 loads them. The list call
 * fails once, then answers.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Page, TransportGridRow } from '@app/contract'

const grid = vi.hoisted(() => ({ calls: 0 }))
vi.mock('../../src/api/transports', async (original) => ({
  ...(await original<typeof import('../../src/api/transports')>()),
  takePrefetchedGrid: () => null,
  findSuggestions: async () => ({}),
  findTransportGrid: async (): Promise<Page<TransportGridRow>> => {
    grid.calls += 1
    if (grid.calls === 1) throw new Error('服务器繁忙，请稍后再试')
    return {
      data: [{ id: 7, status: 2, dangerLevel: null, deliveryPlateNumber: '皖A77777', poundDiff: 0.1, destinations: [] } as unknown as TransportGridRow],
      totalCount: 1,
    }
  },
}))
vi.mock('../../src/api/userSettings', () => ({ getUserSetting: async () => null, putUserSetting: async () => null }))
vi.mock('../../src/app/session', async (original) => ({
  ...(await original<typeof import('../../src/app/session')>()),
  useUserInfo: () => ({ id: 2, companyId: 2, menus: [], permissions: ['transport', 'upload'] }),
}))

const { default: TransportsPage } = await import('../../src/pages/transports')
const { button, renderInApp, user } = await import('./ui')

// a desktop: antd's breakpoints match every min-width up to 1440 pixels
const matchMedia = window.matchMedia
beforeAll(() => {
  window.matchMedia = (query: string) => ({
    ...matchMedia(query), matches: Number(/min-width:\s*(\d+)/.exec(query)?.[1] ?? 99999) <= 1440,
  })
})
afterAll(() => { window.matchMedia = matchMedia })

describe('运单列表 when the load fails', () => {
  it('shows the failure with 重试 in the grid body, and 重试 loads the rows', async () => {
    renderInApp(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/by_agent/index']}><TransportsPage /></MemoryRouter>
      </QueryClientProvider>,
    )
    const failed = await screen.findByTestId('grid-load-failed')
    expect(within(screen.getByTestId('grid-body')).getByTestId('grid-load-failed')).toBe(failed)
    expect(failed.textContent).toContain('运单加载失败')
    expect(failed.textContent).toContain('服务器繁忙，请稍后再试')
    expect(screen.queryByText('暂无运单')).toBeNull()

    await user.click(button(failed, /^重\s*试$/))
    await screen.findByText('皖A77777')
    expect(grid.calls).toBe(2)
    await waitFor(() => expect(screen.queryByTestId('grid-load-failed')).toBeNull())
  })
})

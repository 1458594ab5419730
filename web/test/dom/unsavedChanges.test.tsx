// @vitest-environment jsdom
/**
 * 编辑运单 with a change nobody saved: 关闭 asks 有未保存的修改，确定离开？; 取消 stays with the
 * change, 确定 goes back where the user came from (the grid with its filters). Unchanged, 关闭 asks
 * nothing. Opened first (nothing of the app before it), 关闭 goes to the home grid.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Route, Routes, UNSAFE_createMemoryHistory, unstable_HistoryRouter as HistoryRouter, useLocation } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import type { Transport } from '@app/contract'
import EditTransportPage from '../../src/pages/transportDetail/EditTransportPage'
import { LEAVE_CONFIRM } from '../../src/features/ticketForm/useUnsavedGuard'
import { guardHistory } from '../../src/router/leaveGuard'
import { button, renderInApp } from './ui'

const TRANSPORT = {
  id: 5, status: 2, version: 1, companyId: 1, companyName: '基地', deliveryNetWeight: 30, deliveryPlateNumber: '皖A12345',
  deliveryTime: '2026-09-12T05:03:42.000Z', deliveryTimeStr: '2026-09-12 13:03:42', deliveryAdditional: '原备注',
  signFirstNetWeight: 30, signNetWeight: 30, signTime: null, signTimeStr: '', deliveryPicId: null, deliveryPicUrl: null, signPicId: null,
  signPicUrl: null, deliveryOrigin: null, signOrigin: null, destinations: [], updateTime: '2026-09-12 14:00:00', updatedBy: '张三',
} as unknown as Transport

vi.mock('../../src/api/transports', () => ({ getTransport: async () => TRANSPORT, updateTransport: async () => TRANSPORT }))

function Where() {
  const l = useLocation()
  return <div data-testid="where">{l.pathname + l.search}</div>
}

const GRID = '/by_agent/index?deliveryCustomer=%E5%8D%8E%E4%B8%9C'
function openEdit(entries: string[]) {
  const history = guardHistory(UNSAFE_createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1, v5Compat: true }))
  renderInApp(
    <QueryClientProvider client={new QueryClient()}>
      <HistoryRouter history={history}>
        <Routes>
          <Route path="/editTraceDetail/index" element={<EditTransportPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </HistoryRouter>
    </QueryClientProvider>,
  )
  return history
}
const remark = () => waitFor(() => {
  const input = document.querySelector<HTMLInputElement>('#delivery_deliveryAdditional')
  if (!input) throw new Error('the delivery form is not shown yet')
  return input
})
const close = () => fireEvent.click(button(document.body, /^关\s*闭$/))
const confirmDialog = () => document.querySelector<HTMLElement>('.ant-modal-confirm')
/** the confirm's title, once it is up */
const asked = () => waitFor(() => expect(confirmDialog()?.querySelector('.ant-modal-confirm-title')?.textContent).toBe(LEAVE_CONFIRM))

describe('编辑运单: leaving unsaved changes', () => {
  it('asks before 关闭 drops a change: 取消 stays, 确定 goes back to the grid as it was', async () => {
    const history = openEdit([GRID, '/editTraceDetail/index?id=5'])
    fireEvent.change(await remark(), { target: { value: '改过的备注' } })
    close()
    await asked()
    fireEvent.click(button(confirmDialog()!, /^取\s*消$/))
    await waitFor(() => expect(confirmDialog()).toBeNull())
    expect(history.location.pathname).toBe('/editTraceDetail/index')
    expect((await remark()).value).toBe('改过的备注')

    close()
    await asked()
    fireEvent.click(button(confirmDialog()!, /^确\s*定$/))
    expect((await screen.findByTestId('where')).textContent).toBe(GRID)
  })

  it('holds the browser\'s back and a link elsewhere the same way', async () => {
    const history = openEdit([GRID, '/editTraceDetail/index?id=5'])
    fireEvent.change(await remark(), { target: { value: '改过的备注' } })
    act(() => history.go(-1))
    await asked()
    // the address went back where it was while the question is up; going again asks no second question
    expect(history.location.pathname).toBe('/editTraceDetail/index')
    act(() => history.go(-1))
    act(() => history.push('/logs/index'))
    expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(1)
    expect(history.location.pathname).toBe('/editTraceDetail/index')
    fireEvent.click(button(confirmDialog()!, /^取\s*消$/))
    await waitFor(() => expect(confirmDialog()).toBeNull())
    expect((await remark()).value).toBe('改过的备注')

    act(() => history.push('/users/index'))
    await asked()
    expect(history.location.pathname).toBe('/editTraceDetail/index')
    fireEvent.click(button(confirmDialog()!, /^确\s*定$/))
    expect((await screen.findByTestId('where')).textContent).toBe('/users/index')
    expect(history.location.pathname).toBe('/users/index')
  })

  it('leaves an unchanged form at once, and goes to the home grid when the app was opened on it', async () => {
    openEdit(['/editTraceDetail/index?id=5'])
    await remark()
    close()
    expect((await screen.findByTestId('where')).textContent).toBe('/by_agent/index')
    expect(confirmDialog()).toBeNull()
  })
})

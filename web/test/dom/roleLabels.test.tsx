// @vitest-environment jsdom
/**
 * Roles as a base administrator meets them on 用户列表: the 角色 column and the user dialog's role picker show the
 * Chinese names (基地管理员, 操作员, 接待员, 检验员, 子账号 for an account without a role), and what
 * the dialog saves is still the spec's nickName ('base admin').
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UserInfo, UserRow } from '@app/contract'
import UsersPage from '../../src/pages/users'
import UserForm from '../../src/pages/users/UserForm'
import { MemoryRouter } from 'react-router-dom'
import { button, renderInApp, user } from './ui'

const BASE = 7
vi.mock('../../src/app/session', () => ({
  useUserInfo: (): Partial<UserInfo> => ({ id: 1, companyId: BASE, companyName: '测试基地', nickName: 'base admin', name: '主账号' }),
}))

const row = (id: number, name: string, nickName: string): UserRow => ({
  id, relaId: id, phone: `1380000000${id}`, name, nickName, companyId: BASE, companyName: '测试基地', isCreate: 0, parentId: null,
  mainAccount: id === 1, createTime: '2026-11-28T00:00:00Z', createTimeStr: '2026-11-28 08:00:00',
})
const ROWS = [row(1, '主账号', 'base admin'), row(2, '沈操作', 'operator'), row(3, '王接待', 'reception'), row(4, '吕检验', '检验员'), row(5, '小号', '')]

const sent = vi.fn()
const answer = (data: unknown) => new Response(JSON.stringify({ code: 200, message: '', data }), { status: 200, headers: { 'Content-Type': 'application/json' } })
function serve() {
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://x').pathname
    if (init.body) sent(path, JSON.parse(String(init.body)))
    if (path === '/api/users/find/') return answer({ data: ROWS, totalCount: ROWS.length })
    if (path === '/api/users/roles') return answer(['检验员', 'base admin', 'operator', 'reception'])
    if (path === `/api/company/get/${BASE}`) return answer({ id: BASE, name: '测试基地', isCreate: 0, userAmount: 20, assignedUserNums: 5, remainingUserNums: 15 })
    if (path.startsWith('/api/users/update/')) return answer(ROWS[1])
    return answer(null)
  }))
}
afterEach(() => {
  vi.unstubAllGlobals()
  sent.mockClear()
})

const renderPage = () => renderInApp(<MemoryRouter><QueryClientProvider client={new QueryClient()}><UsersPage /></QueryClientProvider></MemoryRouter>)
const roleCell = (name: string) => {
  const tr = screen.getByText(name).closest('tr')!
  const index = Array.from(document.querySelectorAll('thead th')).findIndex((th) => th.textContent === '角色')
  return tr.querySelectorAll('td')[index]!.textContent
}

describe('roles on 用户列表', () => {
  it('the 角色 column shows the Chinese names, 子账号 for an account without a role', async () => {
    serve()
    renderPage()
    await screen.findByText('沈操作')
    expect(ROWS.map((r) => roleCell(r.name))).toEqual(['基地管理员', '操作员', '接待员', '检验员', '子账号'])
    expect(document.querySelector('tbody')!.textContent).not.toMatch(/base admin|operator|reception/)
  })

  it('the picker offers the Chinese names and saving sends the spec’s nickName', async () => {
    serve()
    const saved = vi.fn()
    renderInApp(
      <QueryClientProvider client={new QueryClient()}>
        <UserForm mode={{ kind: 'edit', row: ROWS[1]! }} headquarters={false} onClose={() => {}} onSaved={saved} />
      </QueryClientProvider>,
    )
    const dialog = await screen.findByRole('dialog')
    const picker = within(dialog).getByLabelText('角色')
    const field = picker.closest('.ant-select') as HTMLElement
    await waitFor(() => expect(field.querySelector('.ant-select-selection-item')?.textContent).toBe('操作员'))
    await user.click(picker)
    const options = await waitFor(() => {
      const shown = Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent)
      expect(shown).toHaveLength(4)
      return shown
    })
    expect(options).toEqual(['检验员', '基地管理员', '操作员', '接待员'])
    await user.click(document.querySelector('.ant-select-item-option[title="基地管理员"]')!)
    await user.click(button(dialog, /^确\s*定$/))
    await waitFor(() => expect(saved).toHaveBeenCalled())
    expect(sent).toHaveBeenCalledWith('/api/users/update/2', expect.objectContaining({ nickName: 'base admin', name: '沈操作' }))
  })
})

/**
 * What the signed-in screens ask for first (app/signedIn.ts): the login page and the shell may both
 * ask; the server sees one user-info call, and one first grid page only when the user lands on it.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { MENU_SEED, type MenuNode, type MenuSeed, type UserInfo } from '@app/contract'

vi.mock('../src/app/AntdRoot', () => ({ message: { error: vi.fn() }, Modal: { confirm: vi.fn() } }))
vi.mock('../src/app/storage', async (original) => ({ ...await original<object>(), getToken: () => 'tok', clearToken: () => undefined }))

const toNode = (s: MenuSeed): MenuNode => ({
  path: s.path, name: s.name, component: s.component, redirect: s.redirect, meta: { title: s.title, icon: s.icon },
  children: s.children?.map(toNode),
})
const infoWith = (menus: MenuNode[]): UserInfo => ({
  id: 2, companyId: 1, username: 'admin', menus, permissions: ['transport'],
} as unknown as UserInfo)

const json = (data: unknown) => new Response(JSON.stringify({ code: 200, message: '操作成功', data }), {
  status: 200, headers: { 'content-type': 'application/json' },
})
let info: UserInfo
let fetchMock: ReturnType<typeof vi.fn>
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url) === path).length

beforeEach(() => {
  vi.resetModules()
  const storage = () => {
    const store = new Map<string, string>()
    return { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) }
  }
  vi.stubGlobal('sessionStorage', storage())
  vi.stubGlobal('localStorage', storage())
  vi.stubGlobal('location', new URL('http://base.example.com/login'))
  info = infoWith(MENU_SEED.map(toNode))
  fetchMock = vi.fn(async (url: string) => (url === '/api/users/info'
    ? json(info)
    : json({ columns: ['id'], totalCount: 1, rows: [[7]] })))
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

it('the login page and the shell asking together make one user-info call; landing on the grid asks for its first page once', async () => {
  const { loadSignedIn } = await import('../src/app/signedIn')
  const transports = await import('../src/api/transports')
  const [fromLogin, fromShell] = await Promise.all([loadSignedIn('/'), loadSignedIn('/by_agent/index')])
  expect(fromLogin).toEqual(fromShell)
  expect(calls('/api/users/info')).toBe(1)
  expect(calls('/api/logistics/grid')).toBe(1)
  expect((await transports.takePrefetchedGrid()!).data.map((r) => r.id)).toEqual([7])
})

it('a user sent elsewhere (a redirect, or a home that is not the grid) gets no early grid page', async () => {
  const { loadSignedIn } = await import('../src/app/signedIn')
  const transports = await import('../src/api/transports')
  await loadSignedIn('/user/index?x=1')
  expect(calls('/api/logistics/grid')).toBe(0)

  const session = await import('../src/app/session')
  session.startSession({ token: 'tok2' } as never, { remember: false })
  info = infoWith(MENU_SEED.map(toNode).filter((m) => m.path !== '/by_agent'))
  await loadSignedIn('/')
  expect(calls('/api/users/info')).toBe(2)
  expect(calls('/api/logistics/grid')).toBe(0)
  expect(transports.takePrefetchedGrid()).toBeNull()
})

it('after a failed call the next caller asks again', async () => {
  const { loadSignedIn } = await import('../src/app/signedIn')
  fetchMock.mockImplementationOnce(async () => { throw new TypeError('Failed to fetch') })
  await expect(loadSignedIn('/')).rejects.toThrow()
  await expect(loadSignedIn('/')).resolves.toMatchObject({ id: 2 })
  expect(calls('/api/users/info')).toBe(2)
})

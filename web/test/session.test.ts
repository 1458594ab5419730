/** The one way out of a session: 退出登录, the idle time-out and the request client's "logged out" confirm. */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Msg } from '@app/contract'

const antd = vi.hoisted(() => ({ confirm: vi.fn() }))
vi.mock('../src/app/AntdRoot', () => ({ message: { error: vi.fn() }, Modal: { confirm: antd.confirm } }))
/** what happened, in order: server logouts (with the token they carried), token cleared, reloads */
const events = vi.hoisted(() => [] as string[])
const storage = vi.hoisted(() => ({ token: 'tok' as string | null }))
vi.mock('../src/app/storage', () => ({
  STORAGE_KEYS: { userInfo: 'USER_INFO' },
  getToken: () => storage.token,
  clearToken: () => {
    storage.token = null
    events.push('clear')
  },
}))

const { endSession } = await import('../src/app/session')
const { showSessionDialog } = await import('../src/api/request')

let serverAnswers: Promise<Response>
beforeEach(() => {
  events.length = 0
  storage.token = 'tok'
  antd.confirm.mockReset()
  serverAnswers = Promise.resolve(new Response(JSON.stringify({ code: 200, data: null }), { headers: { 'content-type': 'application/json' } }))
  vi.stubGlobal('fetch', vi.fn((url: string, init: RequestInit & { headers: Record<string, string> }) => {
    events.push(`${init.method} ${url} ${init.headers.Authorization ?? 'no token'}`)
    return serverAnswers
  }))
  const here = new URL('http://base.example.com/user/index?page=2')
  vi.stubGlobal('location', { href: here.href, origin: here.origin, pathname: here.pathname, search: here.search, replace: (to: string) => events.push(`reload ${to}`) })
})

describe('ending a session', () => {
  it('退出登录: ends it on the server with the token, then forgets it and reloads on /login', async () => {
    await endSession({ server: true, reloadOn: '/login' })
    expect(events).toEqual(['POST /api/users/actions/logout Bearer tok', 'clear', 'reload /login'])
  })

  it('idle time-out: forgets it at once, the server call already on its way; no reload (the notice stays up)', () => {
    serverAnswers = new Promise(() => undefined)
    void endSession({ server: true })
    expect(events).toEqual(['POST /api/users/actions/logout Bearer tok', 'clear'])
  })

  it('the "logged out" confirm: no server call (the server ended it), reload on /login back to this page', async () => {
    showSessionDialog()
    // antd's toasts and dialogs arrive through an import: seconds on a busy machine (1 s by default)
    await vi.waitFor(() => expect(antd.confirm).toHaveBeenCalled(), { timeout: 15_000 })
    const dialog = antd.confirm.mock.calls[0]![0] as { title: string; onOk: () => Promise<void> }
    expect(dialog.title).toBe(Msg.loggedOutTitle)
    await dialog.onOk()
    expect(events).toEqual(['clear', 'reload /login?redirect=%2Fuser%2Findex%3Fpage%3D2'])
  })
})

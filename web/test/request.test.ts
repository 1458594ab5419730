import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ExportMsg, Msg } from '@app/contract'

const antd = vi.hoisted(() => ({ error: vi.fn(), confirm: vi.fn() }))
vi.mock('../src/app/AntdRoot', () => ({ message: { error: antd.error }, Modal: { confirm: antd.confirm } }))
/** Toasts and dialogs come through antd's lazily loaded module: lets them arrive before asserting on them. */
const feedback = async () => {
  await import('../src/app/AntdRoot')
  await new Promise((r) => setTimeout(r, 0))
}
const storage = vi.hoisted(() => ({ token: 'tok' as string | null }))
vi.mock('../src/app/storage', () => ({ getToken: () => storage.token, clearToken: () => { storage.token = null } }))

const { buildUrl, download, isCanceled, isUnreachable, newRequestId, request, requestArriving, requestEnvelope, RequestError } = await import('../src/api/request')

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
  antd.error.mockReset()
  antd.confirm.mockReset()
  storage.token = 'tok'
  vi.stubGlobal('location', new URL('http://base.example.com/agent/index'))
})
afterEach(() => vi.unstubAllGlobals())

describe('the session token', () => {
  const authorizationOf = (call: number) => (fetchMock.mock.calls[call]![1] as RequestInit & { headers: Record<string, string> }).headers.Authorization

  it('goes with requests to the page’s own origin', async () => {
    for (let i = 0; i < 2; i++) fetchMock.mockResolvedValueOnce(json(200, { code: 200, data: null }))
    await request('/users/info')
    await request('http://base.example.com/api/users/info')
    expect(authorizationOf(0)).toBe('Bearer tok')
    expect(authorizationOf(1)).toBe('Bearer tok')
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users/info')
  })

  it('never goes to another origin: another host, port or scheme', async () => {
    const elsewhere = ['https://evil.example.net/collect', 'http://base.example.com.evil.net/api/x', 'http://base.example.com:8443/api/x', 'https://base.example.com/api/x']
    for (const url of elsewhere) {
      fetchMock.mockResolvedValueOnce(json(200, { code: 200, data: null }))
      await request(url)
    }
    fetchMock.mockResolvedValueOnce(new Response('x', { status: 200, headers: { 'content-type': 'text/csv' } }))
    await download('https://evil.example.net/export.csv')
    for (let i = 0; i <= elsewhere.length; i++) expect(authorizationOf(i), String(fetchMock.mock.calls[i]![0])).toBeUndefined()
  })
})

describe('request ids (a top-up carried out once)', () => {
  it('are uuids, different every time, also where crypto.randomUUID is missing (plain-http LAN pages)', () => {
    const real = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) })
    const ids = Array.from({ length: 1000 }, () => newRequestId())
    vi.unstubAllGlobals()
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })
})

describe('request client', () => {
  it('builds /api URLs with the query, leaving out empty values', () => {
    expect(buildUrl('/users/find/', { page: 1, name: '', x: undefined, ids: [1, 2] })).toBe('/api/users/find/?page=1&ids=1&ids=2')
  })

  it('treats code 200, A00000 and a missing code as success', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, message: 'ok', data: 1 }))
    fetchMock.mockResolvedValueOnce(json(200, { code: 'A00000', data: 2 }))
    fetchMock.mockResolvedValueOnce(json(200, { data: 3 }))
    expect(await request('/a')).toBe(1)
    expect(await request('/b')).toBe(2)
    expect(await request('/c')).toBe(3)
  })

  it('sends JSON bodies, and shows other codes as a 5 s toast and rejects with code and message', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { code: 409, message: '名称已存在', data: null }))
    const err = await request('/x', { method: 'POST', data: { a: 1 } }).catch((e) => e)
    expect(err).toBeInstanceOf(RequestError)
    expect(err).toMatchObject({ code: 409, status: 409, message: '名称已存在' })
    await feedback()
    expect(antd.error).toHaveBeenCalledWith('名称已存在', 5)
    const [, init] = fetchMock.mock.calls[0]!
    expect(init.body).toBe('{"a":1}')
    expect(init.headers['Content-Type']).toBe('application/json')
  })

  it('lets the caller opt out of the toast', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { code: 400, message: Msg.loginFailed, data: null }))
    await expect(request('/x', { silent: true })).rejects.toMatchObject({ message: Msg.loginFailed })
    await feedback()
    expect(antd.error).not.toHaveBeenCalled()
  })

  it('opens one logout confirm for session codes, however many calls fail', async () => {
    for (const code of [50008, 50012, 50014]) fetchMock.mockResolvedValueOnce(json(401, { code, message: 'x', data: null }))
    await Promise.allSettled([request('/a'), request('/b'), request('/c')])
    await feedback()
    expect(antd.confirm).toHaveBeenCalledTimes(1)
    expect(antd.confirm.mock.calls[0]![0]).toMatchObject({ title: Msg.loggedOutTitle, content: Msg.loggedOut, okText: Msg.relogin, cancelText: Msg.stay })
    expect(antd.error).not.toHaveBeenCalled()
  })

  it('opens no logout confirm once this tab has ended the session itself (no token left)', async () => {
    storage.token = null
    fetchMock.mockResolvedValueOnce(json(401, { code: 50008, message: 'x', data: null }))
    await expect(request('/a')).rejects.toMatchObject({ code: 50008 })
    await feedback()
    expect(antd.confirm).not.toHaveBeenCalled()
    expect(antd.error).not.toHaveBeenCalled()
  })

  it('aborts a pending duplicate (same method and URL) silently', async () => {
    fetchMock.mockImplementation((_url: string, init: RequestInit) => new Promise((resolve, reject) => {
      init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      setTimeout(() => resolve(json(200, { code: 200, data: 'second' })), 20)
    }))
    const first = request('/list', { params: { page: 1 } }).catch((e) => e)
    const second = request('/list', { params: { page: 1 } })
    const other = request('/list', { params: { page: 2 } })
    expect(isCanceled(await first)).toBe(true)
    expect(await second).toBe('second')
    expect(await other).toBe('second')
    await feedback()
    expect(antd.error).not.toHaveBeenCalled()
  })

  it('shows a network error with its message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(requestEnvelope('/x')).rejects.toMatchObject({ code: 0 })
    await feedback()
    expect(antd.error.mock.calls[0]![0]).toContain('Failed to fetch')
  })

  it('times out', async () => {
    fetchMock.mockImplementation((_url: string, init: RequestInit) => new Promise((_r, reject) => {
      init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
    }))
    await expect(request('/slow', { timeout: 20 })).rejects.toMatchObject({ message: expect.stringContaining('请求超时') })
  })

  it('downloads a binary answer with its file name, and rejects an error envelope', async () => {
    fetchMock.mockResolvedValueOnce(new Response('a,b\n', {
      status: 200,
      headers: { 'content-type': 'text/csv', 'content-disposition': "attachment; filename*=UTF-8''%E5%9F%BA%E5%9C%B0.csv" },
    }))
    const file = await download('/company/export/1')
    expect(file.filename).toBe('基地.csv')
    expect(await file.blob.text()).toBe('a,b\n')
    fetchMock.mockResolvedValueOnce(json(403, { code: 403, message: Msg.forbidden, data: null }))
    await expect(download('/company/export/1', { silent: true })).rejects.toMatchObject({ code: 403 })
  })

  it('rejects a file whose answer broke off (the server failed midway), with a toast, rather than handing over a short file', async () => {
    const broken = () => new Response(new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('PK\u0003\u0004 the first rows'))
        controller.error(new TypeError('network error'))
      },
    }), { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } })
    fetchMock.mockResolvedValueOnce(broken())
    const err = await download('/log/export/1').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RequestError)
    expect(err).toMatchObject({ message: ExportMsg.incomplete, canceled: false })
    await feedback()
    expect(antd.error).toHaveBeenCalledWith('文件未下载完整（连接中断或服务器出错），请重试', 5)
    // given up by its caller meanwhile: canceled, without a toast
    antd.error.mockReset()
    const caller = new AbortController()
    caller.abort()
    fetchMock.mockResolvedValueOnce(broken())
    expect(isCanceled(await download('/log/export/1', { signal: caller.signal }).catch((e: unknown) => e))).toBe(true)
    await feedback()
    expect(antd.error).not.toHaveBeenCalled()
  })
})

describe('isUnreachable: the shell keeps the session when the server did not answer', () => {
  it('is true for a network error and a 5xx, false for a refusal or a cancel', async () => {
    const fail = async (answer: () => Promise<Response>) => {
      fetchMock.mockImplementationOnce(answer)
      try {
        await request('/users/info', { silent: true })
      } catch (e) {
        return e
      }
      throw new Error('the request did not fail')
    }
    expect(isUnreachable(await fail(() => Promise.reject(new TypeError('Failed to fetch'))))).toBe(true)
    expect(isUnreachable(await fail(async () => json(502, { code: 502, message: '网关错误' })))).toBe(true)
    expect(isUnreachable(await fail(async () => json(401, { code: 401, message: '登录已过期' })))).toBe(false)
    expect(isUnreachable(await fail(async () => json(400, { code: 400, message: '参数错误' })))).toBe(false)
    expect(isUnreachable(new RequestError('请求已取消', 0, 0, true))).toBe(false)
  })
})

describe('an answer looked at while it arrives', () => {
  /** a 200 answer whose body comes in these pieces, one a turn of the event loop; fetch's body fails when `signal` aborts */
  function arriving(pieces: Uint8Array[], signal?: AbortSignal) {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        signal?.addEventListener('abort', () => controller.error(new DOMException('The operation was aborted.', 'AbortError')))
      },
      async pull(controller) {
        await new Promise((r) => setTimeout(r, 0))
        const piece = pieces.shift()
        if (piece) controller.enqueue(piece)
        else if (!signal) controller.close()
      },
    })
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })
  }

  it('gives the reader each piece as text, a character cut between two pieces whole in the second, and answers what the reader read', async () => {
    const text = JSON.stringify({ code: 200, message: '操作成功', data: { rows: ['甲', '乙', '丙'] } })
    const bytes = new TextEncoder().encode(text)
    // the second piece ends inside 乙 (three bytes in UTF-8)
    const inside = new TextEncoder().encode(text.slice(0, text.indexOf('乙'))).length + 1
    fetchMock.mockResolvedValueOnce(arriving([bytes.slice(0, 10), bytes.slice(10, inside), bytes.slice(inside, inside + 10), bytes.slice(inside + 10)]))
    const seen: string[] = []
    const answer = await requestArriving('/logistics/grid', { method: 'POST', data: {} }, {
      push: (piece) => void seen.push(piece),
      result: () => (JSON.parse(seen.join('')) as { data: { rows: string[] } }).data,
    })
    expect(answer).toEqual({ rows: ['甲', '乙', '丙'] })
    expect(seen.join('')).toBe(text)
    expect(seen[1]).toBe(text.slice(10, text.indexOf('乙')))
    expect(seen[2]!.startsWith('乙')).toBe(true)
  })

  it('a refused answer rejects as any call does, with its message', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { code: 400, message: '每页最多 100000 条', data: null }))
    const err = await requestArriving('/logistics/grid', { method: 'POST', data: {}, silent: true }, { push: () => undefined, result: () => 1 }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RequestError)
    expect((err as InstanceType<typeof RequestError>).message).toBe('每页最多 100000 条')
  })

  it('an answer the reader cannot read rejects, with a toast saying so', async () => {
    fetchMock.mockResolvedValueOnce(arriving([new TextEncoder().encode('{"code":200,"data":')]))
    const err = await requestArriving('/logistics/grid', { method: 'POST', data: {} }, { push: () => undefined, result: () => null }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RequestError)
    await feedback()
    expect(antd.error).toHaveBeenCalledWith('服务器的回答不完整，请重试', 5)
  })

  it('a load given up by its caller rejects as canceled, without a toast', async () => {
    const caller = new AbortController()
    fetchMock.mockResolvedValueOnce(arriving([new TextEncoder().encode('{"code":200,')], caller.signal))
    const seen: string[] = []
    const answer = requestArriving('/logistics/grid', { method: 'POST', data: {}, signal: caller.signal }, { push: (piece) => void seen.push(piece), result: () => 1 }).catch((e: unknown) => e)
    await expect.poll(() => seen.length).toBe(1)
    caller.abort()
    expect(isCanceled(await answer)).toBe(true)
    await feedback()
    expect(antd.error).not.toHaveBeenCalled()
  })
})

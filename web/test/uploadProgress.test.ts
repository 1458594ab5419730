/** The request client's upload progress (XMLHttpRequest for a FormData body with onUploadProgress) and a refusal's data. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ResultCode } from '@app/contract'

const antd = vi.hoisted(() => ({ error: vi.fn(), confirm: vi.fn() }))
vi.mock('../src/app/AntdRoot', () => ({ message: { error: antd.error }, Modal: { confirm: antd.confirm } }))
vi.mock('../src/app/storage', () => ({ getToken: () => 'tok', clearToken: () => undefined }))

const { request, isCanceled, RequestError } = await import('../src/api/request')

/** Just enough of XMLHttpRequest: answers what the test says, reporting upload progress first. */
class FakeXhr {
  static last: FakeXhr
  static answer: { status: number; body: string; headers: string } | 'network' | 'hang' = { status: 200, body: '{}', headers: '' }
  method = ''
  url = ''
  headers: Record<string, string> = {}
  responseType = ''
  response: Blob | null = null
  status = 0
  statusText = ''
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {}
  onload?: () => void
  onerror?: () => void
  onabort?: () => void
  onloadend?: () => void
  private responseHeaders = ''
  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v
  }
  getAllResponseHeaders() {
    return this.responseHeaders
  }
  abort() {
    this.onabort?.()
    this.onloadend?.()
  }
  send() {
    const a = FakeXhr.answer
    if (a === 'hang') return
    setTimeout(() => {
      for (const loaded of [0, 50, 100]) this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 })
      if (a === 'network') this.onerror?.()
      else {
        this.status = a.status
        this.response = new Blob([a.body])
        this.responseHeaders = a.headers
        this.onload?.()
      }
      this.onloadend?.()
    }, 0)
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new Error('fetch must not be used'))))
  vi.stubGlobal('location', new URL('http://base.example.com/upload/index'))
  antd.error.mockReset()
})
afterEach(() => vi.unstubAllGlobals())

const form = () => {
  const f = new FormData()
  f.append('file', new Blob(['x']), 'a.jpg')
  return f
}

describe('upload progress', () => {
  it('reports 0-100 and answers like fetch would, with the token and the query', async () => {
    FakeXhr.answer = { status: 200, body: JSON.stringify({ code: 200, message: '上传成功', data: { deliveryPicId: 3 } }), headers: 'content-type: application/json\r\nx-a: 1' }
    const seen: number[] = []
    const data = await request<{ deliveryPicId: number }>('/logistics/analysis', { method: 'POST', params: { fileType: 1 }, data: form(), onUploadProgress: (p) => seen.push(p) })
    expect(data).toEqual({ deliveryPicId: 3 })
    expect(seen).toEqual([0, 50, 100])
    expect(FakeXhr.last.url).toBe('/api/logistics/analysis?fileType=1')
    expect(FakeXhr.last.headers.Authorization).toBe('Bearer tok')
    expect(FakeXhr.last.headers['Content-Type']).toBeUndefined() // the browser sets the multipart boundary
  })

  it('a refused upload rejects with the server\'s message, code and data', async () => {
    FakeXhr.answer = { status: 409, body: JSON.stringify({ code: ResultCode.DUPLICATE_TICKET, message: '重复', data: [{ transportId: 4 }] }), headers: 'content-type: application/json' }
    const err = await request('/logistics/analysis', { method: 'POST', data: form(), silent: true, onUploadProgress: () => undefined }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RequestError)
    expect(err).toMatchObject({ message: '重复', code: ResultCode.DUPLICATE_TICKET, status: 409, data: [{ transportId: 4 }] })
  })

  it('a network failure and a cancel read as they do with fetch', async () => {
    FakeXhr.answer = 'network'
    const failed = await request('/logistics/upload', { method: 'POST', data: form(), onUploadProgress: () => undefined }).catch((e: unknown) => e)
    expect((failed as Error).message).toMatch(/^网络错误/)
    // the toast arrives through an import: seconds on a busy machine (1 s by default)
    await vi.waitFor(() => expect(antd.error).toHaveBeenCalledOnce(), { timeout: 15_000 })

    FakeXhr.answer = 'hang'
    const controller = new AbortController()
    const pending = request('/logistics/upload', { method: 'POST', data: form(), signal: controller.signal, onUploadProgress: () => undefined }).catch((e: unknown) => e)
    controller.abort()
    expect(isCanceled(await pending)).toBe(true)
  })

  it('JSON bodies still go through fetch', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 200, data: 1 }), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    expect(await request('/logistics/save', { method: 'POST', data: { a: 1 }, onUploadProgress: () => undefined })).toBe(1)
    expect(fetchMock).toHaveBeenCalledOnce()
  })
})

/**
 * The one request client (spec 000 §7-8, DESIGN §4). Every api module calls the server through it.
 *
 * - base `/api`, `Authorization: Bearer <token>` (to the page's own origin only), 60 s time-out;
 * - a pending request with the same method and URL is aborted, silently, when a new one starts;
 * - code 200, 'A00000' or no code is success; session codes (50008/50012/50014) open one
 *   "确定登出" confirm; any other failure shows `message.error(message, 5)` (unless `silent`) and
 *   rejects with a RequestError carrying code, status and message;
 * - binary answers (exports) through `download()`.
 */
import { ExportMsg, Msg, REQUEST_TIMEOUT_MS, SESSION_CODES, type Envelope } from '@app/contract'
import { getToken } from '../app/storage'

export const API_BASE = '/api'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
export type Params = Record<string, string | number | boolean | null | undefined | (string | number)[]>

export interface RequestOptions {
  method?: Method
  /** query string; null/undefined/'' values are left out */
  params?: Params
  /** JSON body, or FormData for uploads */
  data?: unknown
  headers?: Record<string, string>
  /** no error toast (the caller shows the error itself); session codes still open the confirm */
  silent?: boolean
  /** false: a session code does not open the logout confirm (the caller handles it) */
  sessionDialog?: boolean
  /** false: do not abort a pending request with the same method and URL */
  cancelDuplicate?: boolean
  timeout?: number
  signal?: AbortSignal
  /** upload progress 0-100 of a FormData body (sent through XMLHttpRequest, which reports it) */
  onUploadProgress?: (percent: number) => void
}

export class RequestError extends Error {
  constructor(
    message: string,
    /** envelope code, or the HTTP status when the answer had none; 0 for network errors */
    readonly code: number | string,
    readonly status: number,
    /** aborted because a newer identical request started, or by the caller's signal */
    readonly canceled = false,
    /** the envelope's `data` of a refused request (e.g. the duplicates of a 40901) */
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'RequestError'
  }

  get isSession() {
    return SESSION_CODES.includes(Number(this.code))
  }
}

export const isCanceled = (e: unknown): boolean => e instanceof RequestError && e.canceled
/** Canceled, or a session error (the logout confirm already told the user): nothing more to show. */
export const isHandled = (e: unknown): boolean => e instanceof RequestError && (e.canceled || e.isSession)
/** The server did not answer (network error, time-out) or failed (5xx), rather than refusing the request. */
export const isUnreachable = (e: unknown): boolean => e instanceof RequestError && !e.canceled && (e.status === 0 || e.status >= 500)

const SUCCESS_CODES = new Set<unknown>([200, '200', 'A00000', undefined, null])
const pending = new Map<string, AbortController>()
const DUPLICATE = 'duplicate'
const TIMEOUT = 'timeout'

export function buildUrl(url: string, params?: Params): string {
  const full = /^https?:\/\//.test(url) ? url : `${API_BASE}${url.startsWith('/') ? '' : '/'}${url}`
  if (!params) return full
  const qs = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue
    if (Array.isArray(v)) v.forEach((item) => qs.append(k, String(item)))
    else qs.append(k, String(v))
  }
  const s = qs.toString()
  return s ? `${full}${full.includes('?') ? '&' : '?'}${s}` : full
}

/** Whether a request goes to the page's own origin: the session token is sent nowhere else. */
export const isSameOrigin = (url: string): boolean => new URL(url, location.href).origin === location.origin

/**
 * A random id (uuid v4) for a request the server must carry out only once, however often it is sent
 * (a top-up). From getRandomValues: crypto.randomUUID exists only on https and localhost pages, and
 * the product is also opened on plain-http LAN addresses.
 */
export function newRequestId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

let sessionDialogOpen = false

/**
 * antd's static toasts and dialogs, loaded when first needed: the login page (plain React, which
 * calls this client) does not wait for antd; every other screen has it loaded already.
 */
const feedback = () => import('../app/AntdRoot')

/** A toast (message.error/warning/success) from code outside components. */
export function toast(kind: 'error' | 'warning' | 'success', text: string, seconds?: number) {
  void feedback().then(({ message }) => message[kind](text, seconds))
}

/**
 * What confirming "确定登出" does (the shell registers it at start-up: clear the session, reload to the
 * login page); the request client knows nothing of the shell.
 */
let onSessionEnded: () => void = () => location.reload()
export function whenSessionEnds(handler: () => void) {
  onSessionEnded = handler
}

/** One "确定登出" confirm at a time; confirming clears the session and reloads to /login. */
export function showSessionDialog() {
  if (sessionDialogOpen) return
  sessionDialogOpen = true
  void feedback().then(({ Modal }) => Modal.confirm({
    title: Msg.loggedOutTitle,
    content: Msg.loggedOut,
    okText: Msg.relogin,
    cancelText: Msg.stay,
    onOk: () => onSessionEnded(),
    afterClose: () => {
      sessionDialogOpen = false
    },
  }), () => { sessionDialogOpen = false })
}

/** Shows the failure as the options say (session confirm or toast) and gives the error to throw. */
function report(err: RequestError, opts: RequestOptions): RequestError {
  if (err.canceled) return err
  if (err.isSession) {
    // no token left: this tab already ended the session itself (logout, idle time-out), and a
    // request still in flight then must not stack a second "logged out" dialog on top
    if (opts.sessionDialog !== false && getToken()) showSessionDialog()
  } else if (!opts.silent) {
    toast('error', err.message, 5)
  }
  return err
}

/** fetch() through XMLHttpRequest, for the upload progress fetch does not report. */
function fetchWithProgress(url: string, init: { method: string; headers: Record<string, string>; body?: BodyInit; signal: AbortSignal }, onProgress: (percent: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(init.method, url)
    for (const [k, v] of Object.entries(init.headers)) xhr.setRequestHeader(k, v)
    xhr.responseType = 'blob'
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100))
    }
    const onAbort = () => xhr.abort()
    init.signal.addEventListener('abort', onAbort)
    xhr.onloadend = () => init.signal.removeEventListener('abort', onAbort)
    xhr.onload = () => {
      const headers = new Headers()
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':')
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim())
      }
      const empty = [204, 205, 304].includes(xhr.status)
      resolve(new Response(empty ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers }))
    }
    xhr.onerror = () => reject(new TypeError('Failed to fetch'))
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'))
    xhr.send(init.body as XMLHttpRequestBodyInit | undefined)
  })
}

/** A request that ended without an answer: canceled (silently) when it was aborted, else a network error shown to the user. */
function lostConnection(e: unknown, aborted: boolean, opts: RequestOptions): RequestError {
  if (aborted) return new RequestError('请求已取消', 0, 0, true)
  return report(new RequestError(`网络错误：${(e as Error).message || '无法连接服务器'}`, 0, 0), opts)
}

async function send(url: string, opts: RequestOptions): Promise<Response> {
  const method = opts.method ?? 'GET'
  const fullUrl = buildUrl(url, opts.params)
  const key = `${method} ${fullUrl}`
  if (opts.cancelDuplicate !== false) pending.get(key)?.abort(DUPLICATE)
  const controller = new AbortController()
  pending.set(key, controller)
  const onCallerAbort = () => controller.abort(opts.signal?.reason)
  opts.signal?.addEventListener('abort', onCallerAbort)
  const timeoutMs = opts.timeout ?? REQUEST_TIMEOUT_MS
  const timer = setTimeout(() => controller.abort(TIMEOUT), timeoutMs)

  const headers: Record<string, string> = { Accept: 'application/json, */*', ...opts.headers }
  const token = getToken()
  if (token && isSameOrigin(fullUrl)) headers.Authorization = `Bearer ${token}`
  let body: BodyInit | undefined
  if (opts.data instanceof FormData || opts.data instanceof Blob) body = opts.data
  else if (opts.data !== undefined) {
    body = JSON.stringify(opts.data)
    headers['Content-Type'] = 'application/json'
  }

  try {
    const init = { method, headers, body, signal: controller.signal }
    const progress = opts.onUploadProgress
    return await (progress && body instanceof FormData ? fetchWithProgress(fullUrl, init, progress) : fetch(fullUrl, init))
  } catch (e) {
    const reason = controller.signal.reason
    if (controller.signal.aborted && reason === TIMEOUT) {
      throw report(new RequestError(`请求超时（${Math.round(timeoutMs / 1000)}秒），请稍后重试`, 0, 0), opts)
    }
    throw lostConnection(e, controller.signal.aborted, opts)
  } finally {
    clearTimeout(timer)
    opts.signal?.removeEventListener('abort', onCallerAbort)
    if (pending.get(key) === controller) pending.delete(key)
  }
}

async function readEnvelope<T>(res: Response, opts: RequestOptions): Promise<Envelope<T>> {
  return envelopeOf<T>(await res.text(), res, opts)
}

function envelopeOf<T>(text: string, res: Response, opts: RequestOptions): Envelope<T> {
  let body: unknown = undefined
  if (text) {
    try {
      body = JSON.parse(text)
    } catch {
      if (!res.ok) throw report(new RequestError(`请求失败（HTTP ${res.status}）`, res.status, res.status), opts)
      return { code: 200, message: '', data: text as T }
    }
  }
  const env = (body && typeof body === 'object' && !Array.isArray(body) ? body : { data: body }) as Partial<Envelope<T>> & { msg?: string }
  const code = env.code
  if (SUCCESS_CODES.has(code) && (res.ok || code !== undefined)) {
    return { code: 200, message: env.message ?? env.msg ?? '', data: env.data as T }
  }
  const msg = env.message || env.msg || `请求失败（HTTP ${res.status}）`
  throw report(new RequestError(msg, code ?? res.status, res.status, false, env.data), opts)
}

/** work between two pauses of a long read, so that the page keeps painting and taking input */
const SLICE_MS = 30
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** What reads a large answer as it arrives (e.g. contract's PackedPageReader). */
export interface ArrivingReader<T> {
  push(piece: string): void
  /** what was read, once the answer has ended: null when it was not what the reader reads */
  result(): T | null
}

/**
 * `request` for a large answer read as it arrives: each piece of its text goes to `reader` (which
 * may show what it has so far), with pauses that let the page paint and take input. A refused answer
 * rejects as any call does; one the reader cannot read rejects with a message saying so.
 */
export async function requestArriving<T>(url: string, opts: RequestOptions, reader: ArrivingReader<T>): Promise<T> {
  const res = await send(url, opts)
  if (!res.ok || !res.body) return (await readEnvelope<T>(res, opts)).data
  const decoder = new TextDecoder()
  const stream = res.body.getReader()
  try {
    let since = performance.now()
    for (let read = await stream.read(); !read.done; read = await stream.read()) {
      reader.push(decoder.decode(read.value, { stream: true }))
      // pieces already received come one after another without a pause
      if (performance.now() - since > SLICE_MS) {
        await pause()
        since = performance.now()
      }
    }
    reader.push(decoder.decode())
  } catch (e) {
    throw lostConnection(e, !!opts.signal?.aborted, opts)
  }
  const result = reader.result()
  if (result === null) throw report(new RequestError('服务器的回答不完整，请重试', 0, res.status), opts)
  return result
}

/** The whole `{ code, message, data }` answer (for callers that show the server's message). */
export async function requestEnvelope<T = unknown>(url: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const res = await send(url, opts)
  return readEnvelope<T>(res, opts)
}

/** The `data` of the answer. */
export async function request<T = unknown>(url: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(url, opts)).data
}

export const http = {
  get: <T>(url: string, params?: Params, opts?: RequestOptions) => request<T>(url, { ...opts, method: 'GET', params }),
  post: <T>(url: string, data?: unknown, opts?: RequestOptions) => request<T>(url, { ...opts, method: 'POST', data }),
  put: <T>(url: string, data?: unknown, opts?: RequestOptions) => request<T>(url, { ...opts, method: 'PUT', data }),
  delete: <T>(url: string, params?: Params, opts?: RequestOptions) => request<T>(url, { ...opts, method: 'DELETE', params }),
}

export interface Download {
  blob: Blob
  /** from Content-Disposition (RFC 5987 `filename*` first), else the fallback */
  filename: string
}

function filenameOf(res: Response, fallback: string): string {
  const cd = res.headers.get('content-disposition') ?? ''
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(cd)
  if (star) return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''))
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(cd)
  if (plain) return decodeURIComponent(plain[1]!.trim())
  return fallback
}

/**
 * A binary answer (exports). A JSON answer instead is an error envelope and rejects like any call;
 * an answer that breaks off before its end rejects too (ExportMsg.incomplete).
 */
export async function download(url: string, opts: RequestOptions & { filename?: string } = {}): Promise<Download> {
  const res = await send(url, opts)
  const type = res.headers.get('content-type') ?? ''
  if (!res.ok || type.includes('application/json')) {
    const env = await readEnvelope<unknown>(res, opts)
    // a JSON success where a file was expected: nothing to download
    throw report(new RequestError(env.message || '没有可下载的文件', 0, res.status), opts)
  }
  let blob: Blob
  try {
    blob = await res.blob()
  } catch (e) {
    // the answer broke off (the server failed midway and ended the connection, or the network
    // dropped): what arrived is a short file that may look whole, so none of it is handed over
    if (opts.signal?.aborted) throw lostConnection(e, true, opts)
    throw report(new RequestError(ExportMsg.incomplete, 0, res.status), opts)
  }
  return { blob, filename: filenameOf(res, opts.filename ?? 'download') }
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = href
  a.download = filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}

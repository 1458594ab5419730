/**
 * Starts the BUILT server (server/dist/main.js, which also serves web/dist) as a child process on a
 * free port with a temporary DATA_DIR, or, when TEST_DATABASE_URL is set, on a fresh PostgreSQL
 * database that `stop()` drops again; either one a copy of the run's template (globalSetup.ts).
 * Helpers call the API directly (e.g. an admin token).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { encryptPassword } from '../server/src/platform/rsa'
import { createScratchDatabase, TEMPLATE_DATABASE_ENV } from '../server/test/scratchDatabase'
import { launchBrowser, loginViaForm, newContext, SHOTS_DIR } from './browser'

/** Who signs in: an account by its user name, or a base's admin by its phone. */
export interface SignInOptions {
  /** where the sign-in must land (a URL glob); by default anywhere but the login page */
  landing?: string
  /** a page the login form is asked to go on to (`/login?redirect=`), and so lands on */
  redirect?: string
  viewport?: { width: number; height: number }
}
export type SignInAs = { username: string; password: string } | { phone: string; password: string }

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
export const ADMIN = { username: 'admin', password: 'Admin@123456' } as const
/** the data directory each server's own starts as a copy of (globalSetup.ts) */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE'

export interface TestServer {
  url: string
  port: number
  dataDir: string
  /** the server's output so far (for failure messages) */
  output(): string
  /** SMS the server sent (through SMS_WEBHOOK_URL, answered by this process), oldest first */
  sms: { phone: string; content: string }[]
  /** the latest 6-digit code sent to a phone */
  smsCode(phone: string): string | undefined
  stop(): Promise<void>
  api: Api
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

/** Receives the server's SMS webhook calls on a loopback port. */
async function smsReceiver() {
  const sms: { phone: string; content: string }[] = []
  const srv = http.createServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      try {
        sms.push(JSON.parse(body))
      } catch {
        // ignore malformed calls
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve))
  const { port } = srv.address() as net.AddressInfo
  return { sms, url: `http://127.0.0.1:${port}/sms`, close: () => new Promise<void>((r) => srv.close(() => r())) }
}

export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const main = path.join(ROOT, 'server/dist/main.js')
  if (!fs.existsSync(main)) throw new Error('server/dist/main.js is missing: run `npm run build -w server` first')
  if (!fs.existsSync(path.join(ROOT, 'web/dist/index.html'))) throw new Error('web/dist is missing: run `npm run build -w web` first')

  // the SMS receiver listens first: a port freePort has just released could otherwise be handed to
  // it, and the readiness check below would then be answered by the receiver instead of the server
  const inbox = await smsReceiver()
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'))
  const template = process.env[DATA_TEMPLATE_ENV]
  if (template && !env.DATA_DIR) fs.cpSync(template, dataDir, { recursive: true })
  const database = process.env.TEST_DATABASE_URL
    ? await createScratchDatabase(process.env.TEST_DATABASE_URL, 'e2e', process.env[TEMPLATE_DATABASE_ENV])
    : null
  let log = ''
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_PER_MINUTE: '10000',
      SMS_RATE_PER_MINUTE: '10000',
      OCR_WORKERS: '1',
      // the reading's time is not under test: a busy machine reads a ticket in tens of seconds
      OCR_TIMEOUT_SECONDS: '600',
      LOG_LEVEL: 'warn',
      SMS_WEBHOOK_URL: inbox.url,
      ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => (log += d))
  child.stderr!.on('data', (d) => (log += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(t)
    }
    await database?.drop()
    await inbox.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + 90_000
  let dead = false
  void exited.then(() => (dead = true))
  for (;;) {
    if (dead) {
      await stop()
      throw new Error(`server exited before it was ready:\n${log}`)
    }
    try {
      const res = await fetch(`${url}/api/users/publicKey`)
      // whatever else might answer on this port, only our server knows its key
      if (res.ok && ((await res.json()) as Envelope<{ publicKey?: string }>).data?.publicKey) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`server not ready after 90 s:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  const smsCode = (phone: string) =>
    [...inbox.sms].reverse().find((m) => m.phone === phone)?.content.match(/\d{6}/)?.[0]
  return { url, port, dataDir, output: () => log, stop, api: new Api(url), sms: inbox.sms, smsCode }
}

export interface Envelope<T = unknown> {
  code: number
  message: string
  data: T
}

/** What headquarters fills in for a new base; the base's admin signs in with its phone and password. */
export interface NewBase { name: string; contactor: string; phone: string; domain: string; password: string }

/** Direct API calls, as a script would make them (for set-up and for checks behind the UI). */
export class Api {
  private publicKey?: string
  constructor(readonly url: string) {}

  async call<T = unknown>(method: string, p: string, body?: unknown, token?: string): Promise<{ status: number; body: Envelope<T> }> {
    const headers: Record<string, string> = {}
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (token) headers.authorization = `Bearer ${token}`
    const res = await fetch(`${this.url}/api${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    return { status: res.status, body: (await res.json()) as Envelope<T> }
  }

  /** What the browser does with node-forge: RSA-OAEP-SHA256 over {"password","ts"}, base64. */
  async encrypt(password: string, ts = Date.now()): Promise<string> {
    this.publicKey ??= (await this.call<{ publicKey: string }>('GET', '/users/publicKey')).body.data.publicKey
    return encryptPassword(this.publicKey, password, ts)
  }

  async login(username: string, password: string, extra: Record<string, unknown> = {}) {
    return this.call<{ token: string; lastPasswordResetDate: string | null; role: string; mustChangePassword: boolean }>(
      'POST', '/users/login', { username, password: await this.encrypt(password), ...extra },
    )
  }

  /** The answer's data of a set-up call that must succeed, or throws with the server's message. */
  async data<T = unknown>(method: string, p: string, body?: unknown, token?: string): Promise<T> {
    const res = await this.call<T>(method, p, body, token)
    if (res.body.code !== 200) throw new Error(`${method} ${p}: ${res.status} ${res.body.message}`)
    return res.body.data
  }

  /** A new base and its admin account (the base's phone and password), made by headquarters; answers its id. */
  async createBase(base: NewBase & Record<string, unknown>, hqToken?: string): Promise<number> {
    const { password, ...rest } = base
    const saved = await this.data<{ id: number }>('POST', '/company/save', { ...rest, password: await this.encrypt(password) }, hqToken ?? await this.token())
    return saved.id
  }

  /** A reading posted as a measuring device posts it: its number and secret in the headers, no session. */
  async postReading(device: { deviceNo: string; secret: string }, reading: Record<string, unknown>) {
    const res = await fetch(`${this.url}/api/machine/measurement`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-no': device.deviceNo, authorization: `Bearer ${device.secret}` },
      body: JSON.stringify(reading),
    })
    return { status: res.status, body: (await res.json()) as Envelope<{ reportUrl: string }> }
  }

  /** A session token, or throws with the server's message. */
  async token(username: string = ADMIN.username, password: string = ADMIN.password): Promise<string> {
    const res = await this.login(username, password)
    if (res.body.code !== 200) throw new Error(`login as ${username} failed: ${res.status} ${res.body.message}`)
    return res.body.data.token
  }
}

/**
 * The usual set-up of an e2e file: a built server and a browser started before its tests and
 * stopped after them. Read `env.server` / `env.browser` inside tests (they are set by then).
 */
export function useServerAndBrowser(options?: Parameters<typeof startServer>[0]) {
  const env = {
    pageErrors: [] as string[],
    signedIn: [] as BrowserContext[],
  } as {
    server: TestServer
    browser: Browser
    context(): Promise<BrowserContext>
    /**
     * A page in a context of its own, signed in through the login form as `user` (a base's admin by
     * its phone), once it has left the login page (or reached `landing`). Its script errors go to
     * `env.pageErrors`, which must be empty when the file ends; its context is closed then.
     */
    signIn(user: SignInAs, opts?: SignInOptions): Promise<Page>
    pageErrors: string[]
    signedIn: BrowserContext[]
  }
  beforeAll(async () => {
    // side by side; whichever started is stopped after, even when the other failed
    const [server, browser] = await Promise.allSettled([startServer(options), launchBrowser()])
    if (server.status === 'fulfilled') env.server = server.value
    if (browser.status === 'fulfilled') env.browser = browser.value
    for (const started of [server, browser]) if (started.status === 'rejected') throw started.reason
  })
  afterAll(async () => {
    for (const context of env.signedIn) await context.close().catch(() => {})
    await env.browser?.close()
    await env.server?.stop()
    expect(env.pageErrors).toEqual([])
  })
  // a failed test leaves what its pages showed: a wait that ran out says what it waited for, not what was there
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      const name = task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60)
      const pages = env.browser?.contexts().flatMap((c) => c.pages()) ?? []
      fs.mkdirSync(SHOTS_DIR, { recursive: true })
      for (const [i, page] of pages.entries()) {
        const file = path.join(SHOTS_DIR, `failed-${name}-${i}.png`)
        const shown = await page.screenshot({ path: file }).then(() => file, (e: Error) => `no screenshot: ${e.message}`)
        console.log(`after the failure, ${page.url()} shows ${shown}`)
      }
    })
  })
  env.context = () => newContext(env.browser, env.server.url)
  env.signIn = async (user, opts = {}) => {
    const context = await env.context()
    env.signedIn.push(context)
    const page = await context.newPage()
    page.on('pageerror', (e) => env.pageErrors.push(e.message))
    if (opts.viewport) await page.setViewportSize(opts.viewport)
    await page.goto(opts.redirect ? `/login?redirect=${encodeURIComponent(opts.redirect)}` : '/login')
    await loginViaForm(page, 'phone' in user ? user.phone : user.username, user.password)
    const landing = opts.landing ?? (opts.redirect && `**${opts.redirect}`)
    if (landing) await page.waitForURL(landing)
    else await page.waitForURL((u) => !u.pathname.startsWith('/login'))
    return page
  }
  return env
}

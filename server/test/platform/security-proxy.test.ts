import crypto from 'node:crypto'
import { LOGIN_LOCK, loginLockedMessage, Msg } from '@app/contract'
import { afterEach, describe, expect, test } from 'vitest'
import { loadConfig, parseTrustProxy } from '../../src/config.js'
import { ADMIN_PASSWORD, createTestApp, type TestEnv } from '../helpers.js'
import { countOf, loginFrom } from './securityClient.js'

const locked = loginLockedMessage(LOGIN_LOCK.lockMs / 60_000)
const randomIp = () => [...crypto.randomBytes(4)].join('.')

describe('TRUST_PROXY', () => {
  test('takes proxy addresses, CIDRs or a hop count', () => {
    expect(parseTrustProxy(undefined)).toBe(false)
    expect(parseTrustProxy(' ')).toBe(false)
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1'])
    expect(loadConfig({ TRUST_PROXY: '192.168.1.0/24' }).trustProxy).toEqual(['192.168.1.0/24'])
    expect(loadConfig({}).trustProxy).toBe(false)
  })

  test('refuses a value that would trust any hop or is not an address, in Chinese', () => {
    for (const value of ['true', '1', '2', '*', 'proxy.example.com', '10.0.0.0/8;rm', '10.0.0.0/33', '1.2.3']) {
      expect(() => parseTrustProxy(value)).toThrow(/^TRUST_PROXY 的取值不正确/)
    }
  })
})

describe('per-address limits behind a proxy', () => {
  let env: TestEnv | undefined
  afterEach(async () => { await env?.close(); env = undefined })
  const appTrusting = async (TRUST_PROXY: string, loginRatePerMinute = 1000) => {
    env = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY }).trustProxy, loginRatePerMinute })
    return env
  }

  test('a client that is not a trusted proxy cannot dodge the lock or the request limit with made-up X-Forwarded-For', async () => {
    const app = await appTrusting('10.0.0.0/8', LOGIN_LOCK.failures + 1)
    const answers = []
    for (let i = 0; i < LOGIN_LOCK.failures + 2; i++) {
      answers.push(await loginFrom(app, '127.0.0.1', 'admin', 'guess', { 'x-forwarded-for': randomIp() }))
    }
    expect(answers.map((a) => a.message)).toEqual([
      ...Array<string>(LOGIN_LOCK.failures - 1).fill(Msg.loginFailed), locked, locked, Msg.tooMany,
    ])
  })

  test('behind a trusted proxy the address it appended last is the one counted', async () => {
    const app = await appTrusting('127.0.0.1')
    // the client may prepend anything; the proxy at 127.0.0.1 appends the address it saw
    const from = (client: string) => ({ 'x-forwarded-for': `${randomIp()}, ${client}` })
    for (let i = 1; i < LOGIN_LOCK.failures; i++) expect((await loginFrom(app, '127.0.0.1', 'admin', 'guess', from('203.0.113.5'))).message).toBe(Msg.loginFailed)
    expect((await loginFrom(app, '127.0.0.1', 'admin', 'guess', from('203.0.113.5'))).message).toBe(locked)
    expect((await loginFrom(app, '127.0.0.1', 'admin', ADMIN_PASSWORD, from('203.0.113.5'))).message).toBe(locked)
    // another client behind the same proxy is not locked out
    expect((await loginFrom(app, '127.0.0.1', 'admin', ADMIN_PASSWORD, from('198.51.100.8'))).status).toBe(200)
  })
})

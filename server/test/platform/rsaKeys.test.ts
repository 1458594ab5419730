import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Msg, ResultCode } from '@app/contract'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rsaKeys } from '../../src/db/schema/index.js'
import { encryptPassword, openCipher, rotateKey, type PasswordCipher } from '../../src/platform/rsa.js'
import { ADMIN_PASSWORD, createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
const opened: PasswordCipher[] = []
beforeAll(async () => { env = await createTestApp({ loginRatePerMinute: 1000 }) })
afterAll(async () => {
  for (const c of opened) c.close()
  await env?.close()
})

/** another server process's view of the same database */
const processCipher = async (opts?: Parameters<typeof openCipher>[1]) => {
  const cipher = await openCipher(env.db, opts)
  opened.push(cipher)
  return cipher
}
const currentRows = () => env.db.select().from(rsaKeys).where(eq(rsaKeys.current, true))
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('the password key pair lives in the database, shared by every process', () => {
  test('processes starting together on an empty key table agree on one key', async () => {
    await env.db.delete(rsaKeys)
    const [a, b, c] = await Promise.all([processCipher(), processCipher(), processCipher()])
    expect(await currentRows()).toHaveLength(1)
    expect(b!.publicKeyPem).toBe(a!.publicKeyPem)
    expect(c!.publicKeyPem).toBe(a!.publicKeyPem)
    // a password encrypted with the key one process handed out is read by another
    expect(await b!.decrypt(encryptPassword(a!.publicKeyPem, 'Secret9x'))).toBe('Secret9x')
    await env.ctx.cipher.refresh()
  })

  test('the public key route answers the current public key and nothing of the private one', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/users/publicKey' })
    const [row] = await currentRows()
    expect(res.json().data.publicKey).toBe(row!.publicPem)
    expect(res.body).not.toMatch(/PRIVATE/)
    expect(res.body).not.toContain(row!.privatePem.split('\n')[1])
  })

  test('after a rotation the new key works everywhere and the old one for the password window only', async () => {
    const a = await processCipher()
    const b = await processCipher()
    const oldPem = a.publicKeyPem
    const [before] = await currentRows()
    await rotateKey(env.db, before!.id)
    // a second rotation of the same key (another process at the same moment) changes nothing
    await rotateKey(env.db, before!.id)
    expect(await env.db.select({ id: rsaKeys.id }).from(rsaKeys)).toHaveLength(2)
    await a.refresh()
    expect(a.publicKeyPem).not.toBe(oldPem)
    // b has not read the table since: the new key's payload makes it read again (at most once a second)
    await wait(1100)
    expect(await b.decrypt(encryptPassword(a.publicKeyPem, 'NewKey9x'))).toBe('NewKey9x')
    expect(b.publicKeyPem).toBe(a.publicKeyPem)
    // a page that fetched the old key just before the rotation still signs in
    await env.ctx.cipher.refresh()
    const login = await env.call(null, 'POST', '/api/users/login', { username: 'admin', password: encryptPassword(oldPem, ADMIN_PASSWORD) })
    expect(login.status).toBe(200)

    // past the window the old key is gone: the page is told to fetch the key again
    await env.db.execute(sql`update rsa_key set retired_at = now() - interval '10 minutes' where id = ${before!.id}`)
    await env.ctx.cipher.refresh()
    const late = await env.call(null, 'POST', '/api/users/login', { username: 'admin', password: encryptPassword(oldPem, ADMIN_PASSWORD) })
    expect([late.status, late.code, late.message]).toEqual([400, ResultCode.PASSWORD_STALE, Msg.passwordUndecryptable])
  })

  test('a current key older than the rotation age is replaced when a process reads the table', async () => {
    const [before] = await currentRows()
    await env.db.execute(sql`update rsa_key set created_at = now() - interval '31 days' where id = ${before!.id}`)
    const [c, d] = await Promise.all([processCipher({ rotateAfterMs: 30 * 86_400_000 }), processCipher({ rotateAfterMs: 30 * 86_400_000 })])
    const rows = await currentRows()
    expect(rows).toHaveLength(1)
    expect(rows[0]!.id).not.toBe(before!.id)
    await d!.refresh()
    expect(c!.publicKeyPem).toBe(rows[0]!.publicPem)
    expect(d!.publicKeyPem).toBe(rows[0]!.publicPem)
  })

  test("an upgraded server adopts the key file earlier versions kept in DATA_DIR", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsa-legacy-'))
    const pem = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string
    fs.writeFileSync(path.join(dir, 'rsa-private.pem'), pem)
    await env.db.delete(rsaKeys)
    const cipher = await processCipher({ legacyDir: dir })
    expect(cipher.publicKeyPem).toBe(crypto.createPublicKey(pem).export({ type: 'spki', format: 'pem' }))
    fs.rmSync(dir, { recursive: true, force: true })
  })
})

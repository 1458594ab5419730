import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { attachments, companies } from '../../src/db/schema/index.js'
import { attachmentDeps, discardAttachment, storeAttachment, type AttachmentDeps } from '../../src/platform/attachments.js'
import { sha256Hex, type FileStore } from '../../src/platform/files.js'
import { createTestApp, type TestEnv } from '../helpers.js'
import { makeCompany } from '../fixtures.js'

let env: TestEnv
let companyId: number
beforeAll(async () => {
  env = await createTestApp()
  companyId = (await makeCompany(env.db, '存储基地')).id
})
afterAll(async () => env?.close())

const pdf = () => Buffer.from(`%PDF-1.4\n% ${crypto.randomUUID()}\n%%EOF\n`)

/** The test's memory store with hooks around each put (a slow or failing object store). */
function hookedStore(hooks: { before?: (sha: string) => Promise<void>; after?: (sha: string) => Promise<void> }): FileStore {
  const inner = env.ctx.files
  return {
    ...inner,
    put: async (sha, data, type) => {
      await hooks.before?.(sha)
      await inner.put(sha, data, type)
      await hooks.after?.(sha)
    },
  }
}

/**
 * `work`'s answer, or 'blocked' when it has none after `ms`: a lock that is never given up (what
 * these tests look for) would otherwise hang the test. A free lock is taken in milliseconds, also on
 * a machine busy with other work, well within BLOCKED_MS.
 */
const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), ms))])
const BLOCKED_MS = 30_000

const used = async () => (await env.db.select({ used: companies.storageUsed }).from(companies).where(eq(companies.id, companyId)))[0]!.used
const rowsOf = (sha: string) => env.db.select({ id: attachments.id }).from(attachments).where(eq(attachments.sha256, sha))

describe('blobs are written before the row, outside any transaction', () => {
  test('while a slow object store writes, the database is free: another transaction takes the blob\'s lock at once', async () => {
    const bytes = pdf()
    const sha = sha256Hex(bytes)
    let seen: unknown
    const deps: AttachmentDeps = {
      ...attachmentDeps(env.ctx),
      files: hookedStore({ before: async (putSha) => {
        if (putSha !== sha) return
        // a store that held a transaction here would hold this advisory lock (PostgreSQL) or the only connection (PGlite)
        seen = await within(BLOCKED_MS, env.db.transaction(async (tx) => {
          const [row] = (await tx.execute<{ got: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${`blob:${sha}`})) as got`)).rows
          return row!.got
        }))
      } }),
    }
    const info = await storeAttachment(deps, { buffer: bytes, companyId, userId: null, fileType: 5, name: 'slow.pdf' })
    expect(seen).toBe(true)
    expect(await rowsOf(sha)).toEqual([{ id: info.id }])
    expect(await env.ctx.files.get(sha)).not.toBeNull()
  })

  test('a failing write leaves no row and gives the storage back', async () => {
    const before = await used()
    const bytes = pdf()
    const deps: AttachmentDeps = { ...attachmentDeps(env.ctx), files: hookedStore({ before: async () => { throw new Error('S3 PUT failed: HTTP 503') } }) }
    await expect(storeAttachment(deps, { buffer: bytes, companyId, userId: null, fileType: 5 })).rejects.toThrow('S3 PUT failed')
    expect(await rowsOf(sha256Hex(bytes))).toEqual([])
    expect(await used()).toBe(before)
  })

  test('a delete of the same bytes that releases the blob between the write and the row: the new row keeps its blob', async () => {
    const bytes = pdf()
    const sha = sha256Hex(bytes)
    const first = await storeAttachment(attachmentDeps(env.ctx), { buffer: bytes, companyId, userId: null, fileType: 5, name: 'first.pdf' })
    const deps: AttachmentDeps = {
      ...attachmentDeps(env.ctx),
      files: hookedStore({ after: async (putSha) => {
        // the last row with these bytes goes just after the second copy was written: its release removes the blob
        if (putSha === sha) await within(BLOCKED_MS, discardAttachment(deps, first.id))
      } }),
    }
    const second = await storeAttachment(deps, { buffer: bytes, companyId, userId: null, fileType: 5, name: 'second.pdf' })
    expect(await rowsOf(sha)).toEqual([{ id: second.id }])
    expect(await env.ctx.files.get(sha)).toEqual(bytes)
  })
})

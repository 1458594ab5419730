import crypto from 'node:crypto'
import { AttachmentMsg, formatBytes, HQ_COMPANY_ID } from '@app/contract'
import { eq, sum } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { attachments, companies } from '../../src/db/schema/index.js'
import { loadConfig } from '../../src/config.js'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

/** Each base may store QUOTA bytes; every PDF below is FILE bytes, so three fit and the fourth does not. */
const QUOTA = 100 * 1024
const FILE = 30 * 1024

let env: TestEnv
let hq: string
beforeAll(async () => {
  env = await createTestApp({ loginRatePerMinute: 100_000, storageQuotaBytes: QUOTA })
  hq = await env.token()
})
afterAll(async () => env?.close())

/** A PDF of exactly FILE bytes, different every time (so nothing is shared between rows). */
function pdf(bytes = FILE) {
  const head = Buffer.from(`%PDF-1.4\n% ${crypto.randomUUID()}\n`)
  const tail = Buffer.from('\n%%EOF\n')
  return Buffer.concat([head, Buffer.alloc(bytes - head.length - tail.length, 0x20), tail])
}

const upload = (token: string, data: Buffer, name = 'file.pdf', fileType = 5) =>
  env.upload(token, `/api/attachments?fileType=${fileType}`, multipart({ file: { name, data } }))

async function storage(companyId: number) {
  const [company] = await env.db.select({ used: companies.storageUsed }).from(companies).where(eq(companies.id, companyId))
  const [rows] = await env.db.select({ total: sum(attachments.size) }).from(attachments).where(eq(attachments.companyId, companyId))
  return { used: company!.used, stored: Number(rows!.total ?? 0) }
}

async function newBase(name: string, phone: string) {
  const company = await makeCompany(env.db, name)
  const user = await makeUser(env.db, { phone, companyIds: [company.id] })
  return { id: company.id, token: await env.token(user.phone, user.password) }
}


test('a STORAGE_QUOTA_MB that is not a whole number of megabytes stops the start with a message', () => {
  for (const value of ['5G', '-1', '0', '1.5']) expect(() => loadConfig({ STORAGE_QUOTA_MB: value })).toThrow(`STORAGE_QUOTA_MB 的取值不正确：${value}`)
  expect(loadConfig({ STORAGE_QUOTA_MB: '10' }).storageQuotaBytes).toBe(10 * 1024 * 1024)
})

describe('storage quota of a base', () => {
  test('uploads count against the quota; a full base is told its limit in Chinese (413); a delete frees the space', async () => {
    const base = await newBase('配额基地', '13740000001')
    const ids: number[] = []
    for (let i = 0; i < 3; i++) {
      const res = await upload(base.token, pdf())
      expect(res.code).toBe(200)
      ids.push(res.data.id)
    }
    expect(await storage(base.id)).toEqual({ used: 3 * FILE, stored: 3 * FILE })
    const full = await upload(base.token, pdf())
    expect(full.status).toBe(413)
    expect(full.message).toBe(AttachmentMsg.storageFull(QUOTA, 3 * FILE, FILE))
    expect(full.message).toContain(`上限 ${formatBytes(QUOTA)}`)
    expect(await storage(base.id)).toEqual({ used: 3 * FILE, stored: 3 * FILE })

    expect((await env.call(base.token, 'DELETE', `/api/attachments/${ids[0]}`)).code).toBe(200)
    expect(await storage(base.id)).toEqual({ used: 2 * FILE, stored: 2 * FILE })
    expect((await upload(base.token, pdf())).code).toBe(200)
    expect(await storage(base.id)).toEqual({ used: 3 * FILE, stored: 3 * FILE })
  })

  test('a stored picture counts its stored size; another base has its own quota', async () => {
    const base = await newBase('图片配额基地', '13740000002')
    const other = await newBase('另一配额基地', '13740000003')
    const picture = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#123456' } }).png().toBuffer()
    const res = await upload(base.token, picture, 'p.png', 4)
    expect(res.code).toBe(200)
    expect(await storage(base.id)).toEqual({ used: res.data.size, stored: res.data.size })
    expect(await storage(other.id)).toEqual({ used: 0, stored: 0 })
  })

  test('parallel uploads that together pass the quota: it is never exceeded and matches the stored rows', async () => {
    const base = await newBase('并发配额基地', '13740000004')
    const answers = await Promise.all(Array.from({ length: 12 }, () => upload(base.token, pdf())))
    const ok = answers.filter((a) => a.code === 200)
    expect(ok).toHaveLength(Math.floor(QUOTA / FILE))
    for (const refused of answers.filter((a) => a.code !== 200)) {
      expect(refused.status).toBe(413)
      expect(refused.message).toMatch(/^本基地的存储空间已满/)
    }
    const { used, stored } = await storage(base.id)
    expect(used).toBe(stored)
    expect(used).toBeLessThanOrEqual(QUOTA)
  })

  test('parallel deletes of one attachment give its bytes back once', async () => {
    const base = await newBase('并发删除基地', '13740000005')
    const res = await upload(base.token, pdf())
    const answers = await Promise.all(Array.from({ length: 6 }, () => env.call(base.token, 'DELETE', `/api/attachments/${res.data.id}`)))
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1)
    for (const a of answers.filter((x) => x.code !== 200)) expect(a.status).toBe(404)
    expect(await storage(base.id)).toEqual({ used: 0, stored: 0 })
  })

  test('a picture headquarters uploads for a new base moves to that base\'s storage', async () => {
    const hqBefore = await storage(HQ_COMPANY_ID)
    const pic = await upload(hq, pdf(20 * 1024), 'contract.pdf', 3)
    expect((await storage(HQ_COMPANY_ID)).used).toBe(hqBefore.used + 20 * 1024)
    const created = await env.call(hq, 'POST', '/api/company/save', {
      name: '带附件基地', contactor: '王', phone: '13740000009', domain: 'with-file', attachmentId: pic.data.id, password: env.encrypt('Main@1234'),
    })
    expect(created.code).toBe(200)
    expect(await storage(created.data.id)).toEqual({ used: 20 * 1024, stored: 20 * 1024 })
    expect(await storage(HQ_COMPANY_ID)).toEqual({ used: hqBefore.used, stored: hqBefore.stored })
  })
})

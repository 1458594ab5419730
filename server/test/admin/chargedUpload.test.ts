/** The charged upload: one upload time a picture, given back with nothing kept when the work or the store fails. */
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { attachments, companies, logEntries } from '../../src/db/schema/index.js'
import { attachmentDeps, storeEncodedPicture } from '../../src/platform/attachments.js'
import { AppError } from '../../src/platform/errors.js'
import { chargedUpload, type ChargedUpload } from '../../src/modules/quota/chargedUpload.js'
import { makeCompany } from '../fixtures.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let companyId: number
let picture: Buffer
let thumb: Buffer

beforeAll(async () => {
  env = await createTestApp()
  companyId = (await makeCompany(env.db, '计次上传基地', { remainingTimes: 5 })).id
  picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } }).jpeg().toBuffer()
  thumb = await sharp(picture).resize(20).jpeg().toBuffer()
})
afterAll(async () => env?.close())

const upload = (over: Partial<ChargedUpload<string>> = {}) => chargedUpload(attachmentDeps(env.ctx), {
  auth: { sessionId: 0, userId: 1, companyId, roleId: null, phone: '13800000000' },
  work: async () => 'read',
  store: () => storeEncodedPicture(attachmentDeps(env.ctx), { companyId, userId: 1, name: '票据.jpg', picture: { jpeg: picture, thumb, width: 40, height: 30 } }),
  logDone: (result) => ({ level: 0, errorMes: `done: ${result}` }),
  logFailed: (err) => `failed: ${err.message}`,
  ...over,
})

const state = async () => ({
  remaining: (await env.db.select({ r: companies.remainingTimes }).from(companies).where(eq(companies.id, companyId)))[0]!.r,
  kept: (await env.db.select({ id: attachments.id }).from(attachments).where(eq(attachments.companyId, companyId))).length,
  logs: (await env.db.select({ m: logEntries.errorMes, level: logEntries.level }).from(logEntries).where(eq(logEntries.companyId, companyId))),
})

describe('chargedUpload', () => {
  test('takes one upload time, keeps the picture and logs the work', async () => {
    const before = await state()
    const done = await upload()
    expect(done.result).toBe('read')
    expect(done.remainingTimes).toBe(before.remaining! - 1)
    expect(done.picture.url).toMatch(/^\/api\/attachments\/actions\/download\?id=\d+$/)
    const after = await state()
    expect(after).toMatchObject({ remaining: before.remaining! - 1, kept: before.kept + 1 })
    expect(after.logs).toContainEqual({ m: 'done: read', level: 0 })
  })

  test('a failed work gives the upload time back, keeps nothing and logs a warning', async () => {
    const before = await state()
    await expect(upload({ work: async () => { throw new Error('unreadable') } })).rejects.toThrow('unreadable')
    const after = await state()
    expect(after).toMatchObject({ remaining: before.remaining, kept: before.kept })
    expect(after.logs).toContainEqual({ m: 'failed: unreadable', level: 1 })
  })

  test('a picture the store refuses gives the upload time back, though the work succeeded', async () => {
    const before = await state()
    await expect(upload({ store: async () => { throw new AppError(413, '存储空间已满') } })).rejects.toMatchObject({ status: 413 })
    const after = await state()
    expect(after).toMatchObject({ remaining: before.remaining, kept: before.kept })
    expect(after.logs.filter((l) => l.level === 1)).toHaveLength(before.logs.filter((l) => l.level === 1).length + 1)
  })

  test('a base with no upload time left is refused before the work starts', async () => {
    await env.db.update(companies).set({ remainingTimes: 0 }).where(eq(companies.id, companyId))
    const work = vi.fn(async () => 'read')
    await expect(upload({ work })).rejects.toMatchObject({ status: 400, message: '上传次数已用完，请联系管理员充值' })
    expect(work).not.toHaveBeenCalled()
    expect((await state()).remaining).toBe(0)
  })
})

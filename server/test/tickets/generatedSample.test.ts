/**
 * Generated tickets of layouts the shared fixtures do not have (scripts/tickets: a wrapped-cell
 * table, a header row of labels over values, a weighbridge slip headed by the company, a table with
 * synonyms and kilograms, a small scan with numbers filled in by hand) read through the endpoint:
 * every printed field right.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, multipart, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { expectPinned, loadTruth, score } from '../ocr/accuracy.js'
import { SLOW_TEST_MS } from '../timing.js'

const SAMPLE = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../fixtures/generated-sample')

let env: TestEnv
let token: string

beforeAll(async () => {
  env = await createTestApp({ ocrWorkers: 2 })
  const companyId = (await makeCompany(env.db, '生成票据基地', { remainingTimes: 100 })).id
  const user = await makeUser(env.db, { phone: '13212340011', role: 'subAccount', companyIds: [companyId] })
  token = await env.token(user.phone, user.password)
})
afterAll(async () => env?.close())

describe('generated tickets through POST /logistics/analysis', () => {
  test('reads every printed field of layouts beyond the fixtures', async () => {
    const truth = loadTruth(SAMPLE)
    const answers = await Promise.all(truth.map(async (t) => ({
      t,
      res: await env.upload(token, `/api/logistics/analysis?fileType=${t.fileType}`, multipart({ file: { name: t.file, type: 'image/jpeg', data: fs.readFileSync(path.join(SAMPLE, t.file)) } })),
    })))
    for (const { t, res } of answers) expect(res.status, `${t.file}: ${res.message}`).toBe(200)
    expectPinned(SAMPLE, score(truth, answers.map(({ res }) => res.data)), 1)
  }, SLOW_TEST_MS)
})

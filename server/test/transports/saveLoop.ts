/**
 * Child process of sigkill.test.ts: saves complete transports with three destinations each, one
 * after another, until it is killed. Prints "saved <id>" after each answer.
 * Env: LOOP_DATABASE_URL (PostgreSQL) or LOOP_DATA_DIR (PGlite), LOOP_COMPANY, LOOP_PHONE, LOOP_PASSWORD.
 */
import crypto from 'node:crypto'
import { buildApp } from '../../src/app.js'
import { testConfig } from '../../src/config.js'
import { openDatabase } from '../../src/db/client.js'
import { attachments } from '../../src/db/schema/index.js'
import { encryptPassword } from '../../src/platform/rsa.js'
import { fullBody } from './setup.js'

const env = process.env
const config = testConfig()
const database = await openDatabase({ databaseUrl: env.LOOP_DATABASE_URL, dataDir: env.LOOP_DATA_DIR, migrationsDir: config.migrationsDir })
const app = await buildApp(config, database)
await app.ready()
const companyId = Number(env.LOOP_COMPANY)

const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { username: env.LOOP_PHONE, password: encryptPassword(app.ctx.cipher.publicKeyPem, env.LOOP_PASSWORD!) } })
const token = login.json().data.token as string

const picture = async () => {
  const [row] = await database.db.insert(attachments).values({
    companyId, fileType: 2, name: 'ticket.jpg', mime: 'image/jpeg', ext: 'jpg', size: 1, sha256: crypto.randomBytes(32).toString('hex'),
  }).returning({ id: attachments.id })
  return row!.id
}
const destination = (n: number) => ({ dest: `工地${n}`, address: '合肥', signTime: '2024-05-01 16:00:00', weight: 1, signUser: '陈工', signSettlement: '结算部' })

for (;;) {
  const body = fullBody({ deliveryPicId: await picture(), signPicId: await picture() }, {
    deliveryNumber: crypto.randomUUID(), signFirstNetWeight: 29.5, destinations: [destination(2), destination(3), destination(4)],
  })
  const res = await app.inject({ method: 'POST', url: '/api/logistics/save', headers: { authorization: `Bearer ${token}` }, payload: body })
  if (res.statusCode !== 200) {
    console.error(res.body)
    process.exit(1)
  }
  console.log(`saved ${res.json().data.id}`)
}

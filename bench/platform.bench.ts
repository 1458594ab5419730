// Platform figures of issue 2: cold start, login p50, /users/info p50 (built server, real HTTP).
import { encryptPassword } from '../server/src/platform/rsa.js'
import { percentile, report, startBuiltServer } from './lib.js'

const PASSWORD = 'Bench@123456'
const env = { ADMIN_PASSWORD: PASSWORD, LOGIN_RATE_PER_MINUTE: '100000' }

const first = await startBuiltServer(env)
report('first start, new data directory (initdb + migrate + seed)', first.ms, 'ms')
await first.stop()
const cold = await startBuiltServer(env, first.dataDir)
report('cold start to first answer (PGlite, existing data)', cold.ms, 'ms', '≤ 5000 ms')

const { data: { publicKey } } = (await (await fetch(`${cold.base}/api/users/publicKey`)).json()) as { data: { publicKey: string } }
const encrypt = (pw: string) => encryptPassword(publicKey, pw)

const login = async () => {
  const body = JSON.stringify({ username: 'admin', password: encrypt(PASSWORD) })
  const t = performance.now()
  const res = await fetch(`${cold.base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  const json = (await res.json()) as { code: number; message: string; data: { token: string } }
  if (json.code !== 200) throw new Error(json.message)
  return { ms: performance.now() - t, token: json.data.token as string }
}
for (let i = 0; i < 5; i++) await login()
const logins: number[] = []
let token = ''
for (let i = 0; i < 100; i++) {
  const r = await login()
  logins.push(r.ms)
  token = r.token
}
report('login p50', percentile(logins, 50), 'ms', '≤ 150 ms')
report('login p99', percentile(logins, 99), 'ms')

const infos: number[] = []
for (let i = 0; i < 1100; i++) {
  const t = performance.now()
  const res = await fetch(`${cold.base}/api/users/info`, { headers: { authorization: `Bearer ${token}` } })
  await res.json()
  if (i >= 100) infos.push(performance.now() - t)
}
report('/users/info p50', percentile(infos, 50), 'ms', '≤ 10 ms')
report('/users/info p99', percentile(infos, 99), 'ms')
await cold.stop()

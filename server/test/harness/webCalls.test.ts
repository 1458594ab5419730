/**
 * Every API address the web app calls (the literals of web/src/api) is a route the server has: a call
 * renamed or mistyped on one side fails here, not in a browser. `${…}` parts stand for a path parameter.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestEnv } from '../helpers.js'

const API_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../web/src/api')

let env: TestEnv
beforeAll(async () => { env = await createTestApp() })
afterAll(async () => env?.close())

/**
 * The API addresses written in the web's api folder: every literal of two path segments or more (the
 * server ignores a trailing `/`, which some of the spec's list addresses have). Addresses built whole from a parameter
 * (the shared CRUD helper) are checked through the literals their users pass.
 */
function webAddresses() {
  const calls: { file: string; address: string }[] = []
  for (const file of fs.readdirSync(API_DIR).filter((f) => f.endsWith('.ts'))) {
    const text = fs.readFileSync(path.join(API_DIR, file), 'utf8')
    for (const m of text.matchAll(/(['`])(\/[a-zA-Z]+\/[^'`\s]*)\1/g)) {
      const address = m[2]!.replace(/\/$/, '')
      if (!/[*?]/.test(address)) calls.push({ file, address })
    }
  }
  return calls
}

const pattern = (address: string) => new RegExp(`^${address.split(/\$\{[^}]*\}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`)
const asExample = (url: string) => url.replace(/:(\w+)/g, 'x')

test('each address the web calls is a route of the server', () => {
  const routes = env.app.apiRoutes.map((r) => asExample(r.url.replace(/^\/api/, '')))
  const calls = webAddresses()
  expect(calls.length).toBeGreaterThan(80)
  const missing = calls.filter(({ address }) => !routes.some((r) => pattern(address).test(r)))
  expect(missing.map((c) => `${c.file}: ${c.address}`)).toEqual([])
})

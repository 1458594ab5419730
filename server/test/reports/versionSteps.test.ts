import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { processTemplates, processTemplateVersions } from '../../src/db/schema/index.js'
import { versionSteps } from '../../src/modules/reports/records.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let a: TestEnv
let b: TestEnv
beforeAll(async () => {
  ;[a, b] = await Promise.all([createTestApp(), createTestApp()])
})
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()])
})

/** a new version of the first template whose one step is named `name`; its id */
async function addVersion(env: TestEnv, name: string) {
  const [template] = await env.db.select({ id: processTemplates.id }).from(processTemplates).limit(1)
  const [row] = await env.db.insert(processTemplateVersions).values({
    templateId: template!.id, version: 99, name,
    steps: [{ key: 's1', name, items: [{ key: 'i1', name: '外观', kind: 'pass_fail', required: true }] }] as never,
  }).returning({ id: processTemplateVersions.id })
  return row!.id
}

it('keeps the steps of a template version per database: the same id in another database is another version', async () => {
  const idA = await addVersion(a, '罐体外观')
  const idB = await addVersion(b, '安全附件')
  expect(idA).toBe(idB) // both databases are copies of one template, so the next id is the same
  expect((await versionSteps(a.db, idA)).map((s) => s.name)).toEqual(['罐体外观'])
  expect((await versionSteps(b.db, idB)).map((s) => s.name)).toEqual(['安全附件'])
  // cached: still answered after the row is gone (versions never change; this only shows the cache is used)
  await a.db.execute(sql`delete from process_template_version where id = ${idA}`)
  expect(await a.db.select().from(processTemplateVersions).where(eq(processTemplateVersions.id, idA))).toEqual([])
  expect((await versionSteps(a.db, idA)).map((s) => s.name)).toEqual(['罐体外观'])
})

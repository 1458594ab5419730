import { sql } from 'drizzle-orm'
import type { TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { adminRows } from './adminRows.js'

/** Text put in every row of company B; it must never show up in an answer to company A. */
export const MARKER = '乙方机密ZX9'

export interface OtherCompany {
  companyId: number
  /** ids of B's rows, by the path/query/body names that usually carry them */
  ids: Record<string, number[]>
  /** extra B rows are added here by later modules: `extend` functions run in order */
}

type Extend = (env: TestEnv, b: OtherCompany) => Promise<void>

/**
 * Each module adds rows of company B for its own tables here, so the walk in harness.test.ts tries
 * its routes with B's ids. Keep every text field of those rows containing MARKER.
 */
export const extensions: Extend[] = [adminRows]

export async function seedOtherCompany(env: TestEnv): Promise<OtherCompany> {
  const company = await makeCompany(env.db, `${MARKER}基地`, { contactor: MARKER, address: MARKER, domain: 'zx9-secret' })
  const admin = await makeUser(env.db, { phone: '18800000001', name: `${MARKER}管理员`, role: 'baseAdmin', companyIds: [company.id] })
  const sub = await makeUser(env.db, { phone: '18800000002', name: `${MARKER}子账号`, role: 'subAccount', companyIds: [company.id] })
  const b: OtherCompany = { companyId: company.id, ids: { companyId: [company.id], userId: [admin.id, sub.id], id: [company.id, admin.id, sub.id] } }
  for (const extend of extensions) await extend(env, b)
  return b
}

/** Every row that belongs to B, to compare before and after the walk. */
export async function snapshotOf(env: TestEnv, b: OtherCompany): Promise<string> {
  const tables = await env.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'company_id' and table_name not in ('session', 'log_entry', 'login_token')
    order by table_name`)
  const parts: unknown[] = []
  for (const { table_name } of tables.rows) {
    const rows = await env.db.execute(sql`select * from ${sql.identifier(table_name)} where company_id = ${b.companyId} order by 1`)
    parts.push([table_name, rows.rows])
  }
  parts.push(['company', (await env.db.execute(sql`select * from company where id = ${b.companyId}`)).rows])
  parts.push(['app_user', (await env.db.execute(sql`select * from app_user where id in (select user_id from user_company where company_id = ${b.companyId}) order by id`)).rows])
  return JSON.stringify(parts)
}

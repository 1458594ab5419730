import { sql } from 'drizzle-orm'
import type { TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { adminRows } from './adminRows.js'
import { goodsRows } from './goodsRows.js'
import { healthRows } from './healthRows.js'
import { inspectionRefRows } from './inspectionRefRows.js'
import { logisticsRows } from './logisticsRows.js'
import { reservationRows } from './reservationRows.js'
import { screenRows } from './screenRows.js'
import { reportRows } from './reportRows.js'
import { sharedRows, ticketRows } from './ticketRows.js'
import { stockRows } from './stockRows.js'
import { transportRows } from './transportRows.js'

/** Text put in every row of company B; it must never show up in an answer to company A. */
export const MARKER = '乙方机密ZX9'

export interface OtherCompany {
  companyId: number
  /** sign-in names of B's users */
  phones: { admin: string; subAccount: string }
  /** ids of B's rows (and of rows every base shares) by what they are; extensions add theirs */
  ids: Record<string, number>
  /** the id of the row named so; a name no extension added fails the walk */
  id(name: string): number
}

type Extend = (env: TestEnv, b: OtherCompany) => Promise<void>

/**
 * Each module adds rows of company B for its own tables here, so the walk in tenancy.test.ts tries
 * its routes with B's ids (the route examples name them). Keep every text field of B's rows containing MARKER.
 */
export const extensions: Extend[] = [adminRows, ticketRows, sharedRows, logisticsRows, transportRows, reservationRows]
extensions.push(inspectionRefRows)
extensions.push(reportRows)
extensions.push(goodsRows)
extensions.push(stockRows)
extensions.push(healthRows)
extensions.push(screenRows)

export async function seedOtherCompany(env: TestEnv): Promise<OtherCompany> {
  const company = await makeCompany(env.db, `${MARKER}基地`, { contactor: MARKER, address: MARKER, domain: 'zx9-secret' })
  const phones = { admin: '18800000001', subAccount: '18800000002' }
  const admin = await makeUser(env.db, { phone: phones.admin, name: `${MARKER}管理员`, role: 'baseAdmin', companyIds: [company.id] })
  const sub = await makeUser(env.db, { phone: phones.subAccount, name: `${MARKER}子账号`, role: 'subAccount', companyIds: [company.id] })
  const ids: Record<string, number> = { company: company.id, admin: admin.id, subAccount: sub.id }
  const b: OtherCompany = {
    companyId: company.id, phones, ids,
    id(name) {
      if (ids[name] === undefined) throw new Error(`company B has no row "${name}": add it in an extension of otherCompany.ts`)
      return ids[name]
    },
  }
  for (const extend of extensions) await extend(env, b)
  return b
}

/** Every row that belongs to B, to compare before and after the walk. */
export async function snapshotOf(env: TestEnv, b: OtherCompany): Promise<string> {
  const tables = await env.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'company_id' and table_name not in ('session', 'login_token')
    order by table_name`)
  const parts: unknown[] = []
  for (const { table_name } of tables.rows) {
    const rows = await env.db.execute(sql`select * from ${sql.identifier(table_name)} where company_id = ${b.companyId} order by 1`)
    parts.push([table_name, rows.rows])
  }
  parts.push(['company', (await env.db.execute(sql`select * from company where id = ${b.companyId}`)).rows])
  parts.push(['app_user', (await env.db.execute(sql`select * from app_user where id in (select user_id from user_company where company_id = ${b.companyId}) order by id`)).rows])
  parts.push(['company_material_order', (await env.db.execute(sql`
    select * from company_material_order where ${b.companyId} in (buy_company_id, sale_company_id) order by id`)).rows])
  return JSON.stringify(parts)
}

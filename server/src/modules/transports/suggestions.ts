import { SUGGESTIONS_MAX, type TransportSuggestions } from '@app/contract'
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import { rememberRead } from '../../db/countMemo.js'
import type { SessionUser } from '../../platform/sessions.js'
import { scopeCompany } from '../../platform/tenancy.js'

/** The suggestion lists and the column each is taken from. */
const LISTS: Record<keyof TransportSuggestions, string> = {
  deliveryManufactory: 'delivery_manufactory',
  deliveryCustomers: 'delivery_customer',
  deliveryGoodsNames: 'delivery_goods_name',
  deliverySpecifics: 'delivery_specific',
  deliveryCarriers: 'delivery_carrier',
  signSettlements: 'sign_settlement',
  signNames: 'sign_name',
  phones: 'phone',
}

/** Suggestions come from a base's most recent transports, so a base with a million of them answers at once. */
const RECENT_TRANSPORTS = 20_000

const dialect = new PgDialect()

/**
 * `findList`: for each text filter of the grid, the distinct values of the base's (recent) transports,
 * most used first, at most SUGGESTIONS_MAX each. One statement.
 */
export async function transportSuggestions(db: Executor, auth: SessionUser, companyId?: number): Promise<TransportSuggestions> {
  const company = scopeCompany(auth, companyId)
  const lists = Object.entries(LISTS).map(([key, column]) => sql`(select ${key}::text as list, v, n from (
      select ${sql.identifier(column)} as v, count(*) as n from recent where ${sql.identifier(column)} is not null and ${sql.identifier(column)} <> ''
      group by 1 order by 2 desc, 1 limit ${SUGGESTIONS_MAX}) as ${sql.identifier(key)})`)
  const query = sql`
    with recent as materialized (
      select t.delivery_manufactory, t.delivery_customer, t.delivery_goods_name, t.delivery_specific, t.delivery_carrier,
        t.sign_settlement, t.sign_name, u.phone
      from transport t left join app_user u on u.id = t.user_id
      ${company != null ? sql`where t.company_id = ${company}` : sql``}
      order by t.create_time desc, t.id desc limit ${RECENT_TRANSPORTS})
    ${sql.join(lists, sql` union all `)}
    order by 1, 3 desc, 2`
  // on the embedded database, kept until a transport or user is written: each ticket upload asks too
  const rows = await rememberRead(db, dialect.sqlToQuery(query),
    async () => (await db.execute<{ list: keyof TransportSuggestions; v: string }>(query)).rows)
  const answer = Object.fromEntries(Object.keys(LISTS).map((k) => [k, [] as string[]])) as unknown as TransportSuggestions
  for (const r of rows) answer[r.list].push(r.v)
  return answer
}

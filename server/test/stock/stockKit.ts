import { sql } from 'drizzle-orm'
import { makeCompany, makeUser } from '../fixtures.js'
import { createTestApp, type TestEnv } from '../helpers.js'

/** Two bases with an admin each, headquarters' session, and helpers for materials and stock. */
export async function stockWorld(env?: TestEnv) {
  env ??= await createTestApp()
  const hq = await env.token()
  const a = (await makeCompany(env.db, '库存甲基地')).id
  const b = (await makeCompany(env.db, '库存乙基地')).id
  const adminA = await makeUser(env.db, { phone: '13633330001', name: '甲管理员', role: 'baseAdmin', companyIds: [a] })
  const adminB = await makeUser(env.db, { phone: '13633330002', name: '乙管理员', role: 'baseAdmin', companyIds: [b] })
  const baseA = await env.token(adminA.phone, adminA.password)
  const baseB = await env.token(adminB.phone, adminB.password)
  const call = env.call.bind(env)
  let n = 0
  const world = {
    env, hq, a, b, baseA, baseB, call,
    async material(extra: Record<string, unknown> = {}) {
      n += 1
      const type = await call(hq, 'POST', '/api/materialType/save', { name: `类型${n}` })
      const res = await call(hq, 'POST', '/api/material/save', { name: `物料${n}`, typeId: type.data.id, unit: '桶', listPrice: 1250, ...extra })
      if (res.status !== 200) throw new Error(res.message)
      return res.data.id as number
    },
    /** puts `quantity` of a material into a base's stock (a purchase) */
    async stock(token: string, materialId: number, quantity: string) {
      const res = await call(token, 'POST', '/api/companyMaterial/record', { materialId, kind: 'purchased', quantity })
      if (res.status !== 200) throw new Error(res.message)
    },
    async balance(companyId: number, materialId: number): Promise<number> {
      const rows = await env!.db.execute<{ q: string }>(sql`select quantity q from company_material where company_id = ${companyId} and material_id = ${materialId}`)
      return Number(rows.rows[0]?.q ?? 0)
    },
    /** every balance that differs from the sum of its ledger (none when the ledger holds) */
    async ledgerMismatches() {
      const rows = await env!.db.execute(sql`
        select coalesce(c.company_id, m.company_id) company_id, coalesce(c.material_id, m.material_id) material_id, c.quantity, m.total
        from company_material c
        full join (select company_id, material_id, sum(delta) total from stock_movement group by 1, 2) m
          on m.company_id = c.company_id and m.material_id = c.material_id
        where c.quantity is distinct from m.total`)
      return rows.rows
    },
  }
  return world
}
export type StockWorld = Awaited<ReturnType<typeof stockWorld>>

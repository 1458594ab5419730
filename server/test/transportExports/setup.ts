import ExcelJS from 'exceljs'
import { transports } from '../../src/db/schema/index.js'
import { bearer, type TestEnv } from '../helpers.js'
import { makeCompany, makeUser } from '../fixtures.js'

export type TransportInsert = typeof transports.$inferInsert

/** Two bases with a base admin each, an inspector of A (no `transport` permission) and headquarters' admin. */
export async function twoBases(env: TestEnv, prefix = '1391111') {
  const a = await makeCompany(env.db, '甲基地')
  const b = await makeCompany(env.db, '乙基地')
  const userA = await makeUser(env.db, { phone: `${prefix}0001`, role: 'baseAdmin', companyIds: [a.id] })
  const userB = await makeUser(env.db, { phone: `${prefix}0002`, role: 'baseAdmin', companyIds: [b.id] })
  const inspector = await makeUser(env.db, { phone: `${prefix}0003`, role: 'inspector', companyIds: [a.id] })
  return {
    a, b, userA, userB,
    tokenA: await env.token(userA.phone, userA.password),
    tokenB: await env.token(userB.phone, userB.password),
    inspector: await env.token(inspector.phone, inspector.password),
    hq: await env.token(),
  }
}

/** A completed transport (status 2) of a base; `over` replaces any default. */
export const transportRow = (companyId: number, over: Partial<TransportInsert> = {}): TransportInsert => ({
  companyId, status: 2,
  deliveryCustomer: '华东建材', deliveryCarrier: '顺达物流', deliveryManufactory: '海螺水泥', deliveryGoodsName: '水泥',
  deliverySpecific: 'P.O42.5', deliveryPlateNumber: '皖A12345', deliveryNumber: 'D001',
  deliveryTime: new Date('2024-05-10T02:00:00Z'), deliveryNetWeight: 32.5, deliveryGrossWeight: 47.5, deliveryTareWeight: 15,
  signName: '华东工地', signPlace: '合肥市', signSettlement: '华东结算', signUser: '张三', signNumber: 'S001',
  signTime: new Date('2024-05-10T08:00:00Z'), signFirstNetWeight: 32.3, signNetWeight: 32.3, poundDiff: 0.2,
  ...over,
})

export async function insertTransports(env: TestEnv, rows: TransportInsert[]) {
  return env.db.insert(transports).values(rows).returning()
}

/** POSTs and answers the raw response (a file or an error envelope). */
export const post = (env: TestEnv, token: string, url: string, payload?: unknown) =>
  env.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as never })

export async function workbookOf(res: { rawPayload: Buffer }) {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(res.rawPayload as never)
  return book
}

import { makeCompany, makeUser } from '../fixtures.js'
import type { TestEnv } from '../helpers.js'

/**
 * The people of the inspection tests, signed in: a base with its administrator, an inspector and an
 * operator, and a second base with its administrator (the one who must be refused). Phones are
 * `phonePrefix` + 0001…0004.
 */
export async function inspectionCast(env: TestEnv, { bases, phonePrefix, inspectorName }: { bases: [string, string]; phonePrefix: string; inspectorName: string }) {
  const a = (await makeCompany(env.db, bases[0])).id
  const b = (await makeCompany(env.db, bases[1])).id
  const users = {
    admin: await makeUser(env.db, { phone: `${phonePrefix}0001`, role: 'baseAdmin', companyIds: [a] }),
    inspector: await makeUser(env.db, { phone: `${phonePrefix}0002`, name: inspectorName, role: 'inspector', companyIds: [a] }),
    operator: await makeUser(env.db, { phone: `${phonePrefix}0003`, role: 'operator', companyIds: [a] }),
    other: await makeUser(env.db, { phone: `${phonePrefix}0004`, role: 'baseAdmin', companyIds: [b] }),
  }
  const token = (u: { phone: string; password: string }) => env.token(u.phone, u.password)
  return {
    a, b, inspectorId: users.inspector.id,
    admin: await token(users.admin), inspector: await token(users.inspector), operator: await token(users.operator), other: await token(users.other),
  }
}

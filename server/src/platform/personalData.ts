import { mayRevealPersonalData, PersonalDataMsg, type PersonalField, type RevealAnswer } from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { users } from '../db/schema/index.js'
import type { Auth } from './access.js'
import { ForbiddenError, NotFoundError } from './errors.js'
import { assertInScope } from './tenancy.js'

/**
 * The logged reveal of one personal field (contract personalData.ts): lists and exports show phones and
 * ID numbers masked; a role of REVEAL_ROLES may ask for one row's value in full, which writes an entry to
 * the operation log naming who, which row and which field (the entry's time is when). Every module with
 * personal data reveals through this, so the role, the tenancy of the row and the log are checked alike.
 */

/** A row holding personal data, as its module loads it by id (undefined when there is none). */
export interface PersonalRecord<F extends PersonalField> {
  companyId: number
  /** how the log names the row, without its personal data (GoodsMsg.revealSubject …) */
  subject: string
  /** the log entry's serial number, e.g. `goods-12` */
  serialNumber: string
  values: Record<F, string | null>
}

/** The operation log's writer (the logs module's `writeLog`; platform imports no module). */
export type RevealLogWriter = (db: Executor, entry: { companyId: number; level: 0; phone: string | null; serialNumber: string; errorMes: string }) => Promise<unknown>

export async function revealPersonalData<F extends PersonalField>(db: Executor, auth: Auth, spec: {
  field: F
  load: () => Promise<PersonalRecord<F> | undefined>
  notFound: string
  log: RevealLogWriter
}): Promise<RevealAnswer> {
  if (!mayRevealPersonalData(auth.role.nickName)) throw new ForbiddenError(PersonalDataMsg.revealForbidden)
  const row = await spec.load()
  if (!row) throw new NotFoundError(spec.notFound)
  assertInScope(auth, row.companyId, spec.notFound)
  const [user] = await db.select({ phone: users.phone, name: users.name }).from(users).where(eq(users.id, auth.userId))
  await spec.log(db, {
    companyId: row.companyId, level: 0, phone: user?.phone ?? null, serialNumber: row.serialNumber,
    errorMes: `${user?.name ?? `用户${auth.userId}`}${PersonalDataMsg.revealLog(row.subject, spec.field)}`,
  })
  return { value: row.values[spec.field] ?? '' }
}

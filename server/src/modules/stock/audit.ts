import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { users } from '../../db/schema/index.js'
import type { SessionUser } from '../../platform/sessions.js'
import { writeLog } from '../logs/index.js'

/**
 * Writes one stock or material change to the operation log, in the change's own transaction: who (the
 * user's name and account), what (`what`, naming the record), for which base; the entry's time is when.
 */
export async function logChange(tx: Executor, auth: SessionUser, companyId: number, serialNumber: string, what: string) {
  const [user] = await tx.select({ name: users.name, phone: users.phone }).from(users).where(eq(users.id, auth.userId))
  await writeLog(tx, { companyId, level: 0, phone: user?.phone ?? null, serialNumber, errorMes: `${user?.name ?? `用户${auth.userId}`}${what}` })
}

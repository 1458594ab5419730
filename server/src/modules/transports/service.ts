import {
  DELIVERY_FIELDS, originalKey, ResultCode, SIGN_FIELDS, TRANSPORT_STATUS, TransportMsg, TransportStatus,
  formatDateTime, type TicketField, type Transport, type TransportBody, type TransportDetail,
} from '@app/contract'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client.js'
import { transportDestinations, transports, users } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertInScope } from '../../platform/tenancy.js'
import { writeLog } from '../logs/index.js'
import { duplicateList, findDuplicates, type TicketIdentity } from './duplicates.js'
import { checkPictures } from './pictures.js'
import { selectTransports, toTransport, withDestinations } from './query.js'
import { ticketOriginals } from './readings.js'
import { computedWeights, destinationRows, destinationsOf, recordOf, ticketValues, type TransportRecord } from './record.js'
import { checkRecord, MODE_RULES, type SaveMode } from './rules.js'
import { toleranceFor } from './tolerance.js'

type Row = typeof transports.$inferSelect

async function ownTransport(db: Executor, auth: SessionUser, id: number): Promise<Row> {
  const [row] = await db.select().from(transports).where(eq(transports.id, id))
  if (!row) throw new NotFoundError(TransportMsg.notFound)
  assertInScope(auth, row.companyId, TransportMsg.notFound)
  return row
}

/** One transport as the grid shows it, with its destinations. */
async function transportById(db: Executor, id: number): Promise<Transport> {
  const [row] = await selectTransports(db).where(eq(transports.id, id))
  if (!row) throw new NotFoundError(TransportMsg.notFound)
  const transport = toTransport(row)
  await withDestinations(db, [transport])
  return transport
}

/**
 * `getLogistics` (the route lets the grid's users and uploaders in): the grid's users see any
 * transport of their scope; an uploader without the grid only the temporarily saved ones, to continue them.
 */
export async function getTransport(db: Db, auth: Auth, id: number): Promise<Transport> {
  const row = await ownTransport(db, auth, id)
  if (!auth.role.permissions.has('transport') && row.status !== TransportStatus.TEMP) throw new ForbiddenError()
  return transportById(db, id)
}

const pick = (t: Transport, keys: string[]) => {
  const out: Record<string, unknown> = {}
  for (const k of keys) if ((t as unknown as Record<string, unknown>)[k] !== undefined) out[k] = (t as unknown as Record<string, unknown>)[k]
  return out
}
const sideKeys = (fields: object, extra: string[]) =>
  [...Object.keys(fields), ...Object.keys(fields).map((f) => originalKey(f as TicketField)), ...extra]
const DELIVERY_KEYS = sideKeys(DELIVERY_FIELDS, ['deliveryPicUrl', 'deliveryTimeStr', 'deliveryOrigin'])
const SIGN_KEYS = sideKeys(SIGN_FIELDS, ['signPicUrl', 'signTimeStr', 'signOrigin', 'poundDiff', 'destinations'])

/** `findDou`: the trace detail, delivery and receiving apart, each field beside its original. */
export async function getTransportDetail(db: Db, auth: SessionUser, id: number): Promise<TransportDetail> {
  await ownTransport(db, auth, id)
  const t = await transportById(db, id)
  return {
    id: t.id, status: t.status, companyId: t.companyId, version: t.version, dangerLevel: t.dangerLevel,
    dResponseVO: pick(t, DELIVERY_KEYS) as TransportDetail['dResponseVO'],
    sResponseVO: pick(t, SIGN_KEYS) as TransportDetail['sResponseVO'],
  }
}

/** May this write touch the transport as it is now? Continuing needs a temporary one; nothing edits an invalid one. */
function assertWritable(mode: SaveMode, row: Pick<Row, 'status'>) {
  if (row.status === TransportStatus.INVALID) throw new ConflictError(TransportMsg.invalidNoEdit)
  if (mode !== 'update' && row.status !== TransportStatus.TEMP) throw new ConflictError(TransportMsg.notTemp)
}

const identities = (r: TransportRecord): TicketIdentity[] => [
  { ticketType: 1, picId: r.deliveryPicId, number: r.deliveryNumber as string | null, manufactory: r.deliveryManufactory as string | null },
  { ticketType: 2, picId: r.signPicId, number: r.signNumber as string | null, manufactory: r.signManufactory as string | null },
]

/** Why a versioned write changed nothing: gone, no longer writable, or saved by someone else since. */
async function refusedWrite(tx: Executor, mode: SaveMode, id: number): Promise<never> {
  const [now] = await tx.select({ status: transports.status, updateTime: transports.updateTime, who: users.name, phone: users.phone })
    .from(transports).leftJoin(users, eq(users.id, transports.updatedBy)).where(eq(transports.id, id))
  if (!now) throw new NotFoundError(TransportMsg.notFound)
  assertWritable(mode, now)
  throw new ConflictError(TransportMsg.stale(now.who ?? now.phone ?? '', formatDateTime(now.updateTime)))
}

/**
 * The upload page's temporary saves and save, and the edit page's update: the transport and its
 * destinations in one transaction. Weights, totals, pound difference and danger level are the
 * server's; the ud- originals and raw texts are its own readings of the two pictures. A transport
 * being continued or edited is written only at the version the page loaded (409 naming who saved it
 * since), and a ticket already on another transport of the base needs `confirmDuplicate`.
 */
export async function writeTransport(db: Db, auth: SessionUser, mode: SaveMode, body: TransportBody, updateId?: number): Promise<Transport> {
  const targetId = mode === 'update' ? updateId : body.id
  const record = recordOf(body)
  const destinations = destinationsOf(body)
  const id = await db.transaction(async (tx) => {
    const existing = targetId != null ? await ownTransport(tx, auth, targetId) : undefined
    if (existing) {
      assertWritable(mode, existing)
      // a page that does not send a picture keeps the one the transport has
      record.deliveryPicId ??= existing.deliveryPicId
      record.signPicId ??= existing.signPicId
    }
    checkRecord(mode, record, destinations)
    const companyId = existing?.companyId ?? auth.companyId
    await checkPictures(tx, auth, companyId, [record.deliveryPicId, record.signPicId], destinations)
    const duplicates = await findDuplicates(tx, companyId, identities(record), existing?.id)
    if (duplicates.length && !body.confirmDuplicate) {
      throw new AppError(409, TransportMsg.duplicate(duplicateList(duplicates)), ResultCode.DUPLICATE_TICKET, duplicates)
    }
    const read = await ticketOriginals(tx, record)
    const tolerance = await toleranceFor(tx, companyId, record.signSettlement as string | null)
    const values = {
      ...ticketValues(record), ...computedWeights(record, destinations, tolerance, read.originals),
      originals: read.originals, deliveryOrigin: read.deliveryOrigin, signOrigin: read.signOrigin,
      updatedBy: auth.userId, updateTime: new Date(),
    }
    const status = MODE_RULES[mode].status
    let id: number
    if (existing) {
      const [updated] = await tx.update(transports)
        .set({ ...values, ...(status && { status }), version: sql`${transports.version} + 1` })
        .where(and(
          eq(transports.id, existing.id),
          body.version != null ? eq(transports.version, body.version) : undefined,
          mode === 'update' ? ne(transports.status, TransportStatus.INVALID) : eq(transports.status, TransportStatus.TEMP),
        ))
        .returning({ id: transports.id })
      if (!updated) return refusedWrite(tx, mode, existing.id)
      id = updated.id
      await tx.delete(transportDestinations).where(eq(transportDestinations.transportId, id))
    } else {
      const [created] = await tx.insert(transports).values({ ...values, companyId, userId: auth.userId, status: status! }).returning({ id: transports.id })
      id = created!.id
    }
    if (destinations.length) await tx.insert(transportDestinations).values(destinationRows(id, destinations))
    if (duplicates.length) {
      const [user] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, auth.userId))
      await writeLog(tx, { companyId, level: 1, phone: user?.phone ?? null, errorMes: TransportMsg.duplicateLog(id, duplicateList(duplicates)) })
    }
    return id
  })
  return transportById(db, id)
}

/** Status moves (DESIGN §5): a temporary or complete transport may be marked invalid; nothing else. */
const STATUS_MOVES: Record<TransportStatus, readonly TransportStatus[]> = { 1: [3], 2: [3], 3: [] }

export async function setTransportStatus(db: Db, auth: SessionUser, id: number, to: TransportStatus): Promise<Transport> {
  const row = await ownTransport(db, auth, id)
  const refuse = (from: number) => new ConflictError(TransportMsg.statusNotAllowed(TRANSPORT_STATUS[from as TransportStatus], TRANSPORT_STATUS[to]))
  if (!STATUS_MOVES[row.status as TransportStatus].includes(to)) throw refuse(row.status)
  // the move is from the status read: a parallel move makes this one change nothing
  const [moved] = await db.update(transports)
    .set({ status: to, version: sql`${transports.version} + 1`, updatedBy: auth.userId, updateTime: new Date() })
    .where(and(eq(transports.id, id), eq(transports.status, row.status))).returning({ id: transports.id })
  if (!moved) {
    const [now] = await db.select({ status: transports.status }).from(transports).where(eq(transports.id, id))
    if (!now) throw new NotFoundError(TransportMsg.notFound)
    throw refuse(now.status)
  }
  return transportById(db, id)
}

export async function deleteTransport(db: Db, auth: SessionUser, id: number) {
  await ownTransport(db, auth, id)
  // its destinations go with it (on delete cascade)
  await db.delete(transports).where(eq(transports.id, id))
}

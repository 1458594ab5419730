import {
  formatDateTime, poundDiffOver, rangeBounds, SMS_SEND_LIMIT, SmsSendMsg, TransportMsg, TransportStatus,
  type SmsHeldBack, type SmsSendBody, type SmsSendResult, type SmsTransportLine, type Transport, type TransportFilters,
} from '@app/contract'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client.js'
import { transports, transportSms, users } from '../../db/schema/index.js'
import { NotFoundError, RateLimitError, ValidationError } from '../../platform/errors.js'
import { allRows } from '../../platform/list.js'
import type { SmsProvider } from '../../platform/sms.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertCompanyInScope, inCompanyScope } from '../../platform/tenancy.js'
import { carrierMobiles } from '../logisticsCompanies/index.js'
import { writeLog } from '../logs/index.js'
import { selectTransports, toleranceLookup, toTransport, transportList } from '../transports/index.js'

/**
 * `POST /sms/send`: tells each carrier, by one SMS to its logistics company's phone, which of the
 * selected transports have a pound difference over their settlement unit's tolerance.
 */

interface Group {
  companyId: number
  companyName: string
  carrier: string | null
  transportIds: number[]
  lines: SmsTransportLine[]
}

const groupKey = (companyId: number, carrier: string | null) => `${companyId}\u0000${carrier ?? ''}`

/** The transports named by id, all of them within the caller's scope (one missing answers 404). */
async function selectedTransports(db: Executor, auth: SessionUser, ids: number[]): Promise<Transport[]> {
  const unique = [...new Set(ids)]
  const rows = await selectTransports(db).where(and(inArray(transports.id, unique), inCompanyScope(auth, transports.companyId)))
  if (rows.length !== unique.length) throw new NotFoundError(TransportMsg.notFound)
  return rows.map(toTransport)
}

/** The transports of the grid's filters, whole, a batch at a time, without the destinations an SMS does not name. */
const transportsWithoutDestinations = (db: Executor, auth: SessionUser, q: TransportFilters) =>
  allRows({ ...transportList(db, auth, q), complete: undefined })

/** The completed transports over tolerance, grouped by base and carrier. */
async function overTolerance(db: Executor, auth: SessionUser, body: SmsSendBody): Promise<Group[]> {
  const { ids, ...filters } = body
  // selected by id, the grid's filters are not read: another base named there is still refused
  assertCompanyInScope(auth, filters.companyId)
  const candidates: AsyncIterable<Transport> | Iterable<Transport> = ids?.length
    ? await selectedTransports(db, auth, ids)
    : transportsWithoutDestinations(db, auth, { ...filters, status: TransportStatus.DONE })
  const over: Transport[] = []
  for await (const t of candidates) if (t.status === TransportStatus.DONE && t.poundDiff != null) over.push(t)
  const tolerance = await toleranceLookup(db, over.map((t) => t.companyId))
  const groups = new Map<string, Group>()
  for (const t of over) {
    if (!poundDiffOver(t.poundDiff, tolerance(t.companyId, t.signSettlement as string | null), t.deliveryNetWeight as number | null)) continue
    const carrier = (t.deliveryCarrier as string | null) ?? null
    const key = groupKey(t.companyId, carrier)
    let g = groups.get(key)
    if (!g) groups.set(key, g = { companyId: t.companyId, companyName: t.companyName, carrier, transportIds: [], lines: [] })
    g.transportIds.push(t.id)
    g.lines.push({ plate: t.deliveryPlateNumber as string | null, time: t.deliveryTimeStr, poundDiff: t.poundDiff! })
  }
  return [...groups.values()]
}

/** The mobile numbers of the groups' carriers (their base's logistics company of that name), by group key. */
async function carrierPhones(db: Executor, groups: Group[]) {
  const carriersByBase = new Map<number, string[]>()
  for (const g of groups) if (g.carrier) carriersByBase.set(g.companyId, [...carriersByBase.get(g.companyId) ?? [], g.carrier])
  const phones = new Map<string, string>()
  for (const [companyId, carriers] of carriersByBase) {
    for (const [name, phone] of await carrierMobiles(db, companyId, carriers)) phones.set(groupKey(companyId, name), phone)
  }
  return phones
}

/** Today in China time, and when it ends (the day's counters expire then). */
function chinaDay() {
  const today = formatDateTime(new Date()).slice(0, 10)
  return { today, dayEnd: rangeBounds([today, today]).to! }
}

/**
 * Takes one send of the base's allowance in a single statement: at most one a minute (a row that
 * expires) and SMS_SEND_LIMIT.perDay a day (a row per China-time day). Concurrent sends queue on the
 * rows' locks and each sees the one before it, so exactly the allowed number pass.
 */
export async function claimSmsSend(db: Executor, companyId: number) {
  const { today, dayEnd } = chinaDay()
  const result = await db.execute<{ minute: number; day: number | null }>(sql`
    with minute as (
      insert into rate_counter (key, count, reset_at)
      values (${`sms-minute:${companyId}`}, 1, now() + ${SMS_SEND_LIMIT.intervalMs} * interval '1 millisecond')
      on conflict (key) do update set count = 1, reset_at = excluded.reset_at
        where rate_counter.reset_at <= now()
      returning 1
    ), day as (
      insert into rate_counter (key, count, reset_at)
      select ${`sms-day:${companyId}:${today}`}, 1, ${dayEnd} where exists (select 1 from minute)
      on conflict (key) do update set count = rate_counter.count + 1
        where rate_counter.count < ${SMS_SEND_LIMIT.perDay}
      returning count
    )
    select (select count(*) from minute)::int as minute, (select count from day) as day`)
  const row = result.rows[0]!
  if (!Number(row.minute)) throw new RateLimitError(SmsSendMsg.tooSoon)
  if (row.day == null) throw new RateLimitError(SmsSendMsg.dayLimit)
}

/** Messages a day: per base (whatever the number of sends) and per phone number (from every base together). */
export interface SmsCaps {
  perBasePerDay: number
  perPhonePerDay: number
}

/** Raises a day counter by one if it is below `cap`; false when it is not. The row stays locked until the transaction ends. */
async function raiseBelow(tx: Executor, key: string, cap: number, dayEnd: Date) {
  const raised = await tx.execute(sql`
    insert into rate_counter (key, count, reset_at) select ${key}, 1, ${dayEnd} where ${cap} > 0
    on conflict (key) do update set count = rate_counter.count + 1 where rate_counter.count < ${cap}
    returning 1`)
  return raised.rows.length > 0
}

/**
 * Takes one message of the base's and of the phone's allowance for the day, both or neither, and
 * answers why not (or null). The base's row is locked first, then the phone's, so parallel sends
 * (headquarters and the base, or several bases naming one phone) queue on the rows and each sees
 * the counts before it: together they never pass a cap.
 */
async function claimMessage(db: Db, caps: SmsCaps, companyId: number, phone: string): Promise<string | null> {
  const { today, dayEnd } = chinaDay()
  const baseKey = `sms-base-day:${companyId}:${today}`
  return db.transaction(async (tx) => {
    if (!await raiseBelow(tx, baseKey, caps.perBasePerDay, dayEnd)) return SmsSendMsg.baseDayCap(caps.perBasePerDay)
    if (await raiseBelow(tx, `sms-phone-day:${phone}:${today}`, caps.perPhonePerDay, dayEnd)) return null
    await tx.execute(sql`update rate_counter set count = count - 1 where key = ${baseKey}`)
    return SmsSendMsg.phoneDayCap(caps.perPhonePerDay)
  })
}

/** One warning per base of the messages a send held back, with why. */
async function logHeldBack(db: Db, senderPhone: string | null, held: (SmsHeldBack & { companyId: number })[]) {
  const byBase = new Map<number, { count: number; reasons: Set<string> }>()
  for (const h of held) {
    const base = byBase.get(h.companyId) ?? { count: 0, reasons: new Set<string>() }
    base.count++
    base.reasons.add(h.reason)
    byBase.set(h.companyId, base)
  }
  for (const [companyId, { count, reasons }] of byBase) {
    await writeLog(db, { companyId, phone: senderPhone, level: 1, errorMes: SmsSendMsg.logHeldBack(count, [...reasons].join('、')) })
  }
}

export async function sendPoundDiffSms(deps: { db: Db; sms: SmsProvider; caps: SmsCaps }, auth: SessionUser, body: SmsSendBody): Promise<SmsSendResult> {
  const { db } = deps
  const groups = await overTolerance(db, auth, body)
  if (!groups.length) throw new ValidationError(SmsSendMsg.noneOver)
  const phones = await carrierPhones(db, groups)
  const reachable = groups.filter((g) => phones.has(groupKey(g.companyId, g.carrier)))
  const result: SmsSendResult = {
    sent: 0, transports: 0, failed: [], heldBack: [],
    noPhone: groups.filter((g) => !reachable.includes(g)).map((g) => g.carrier ?? '（未填承运单位）'),
  }
  if (!reachable.length) return result
  await claimSmsSend(db, auth.companyId)
  const [sender] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, auth.userId))
  const held: (SmsHeldBack & { companyId: number })[] = []
  // a base's count does not fall again today: once at its cap, its other carriers need not ask
  const baseFull = new Map<number, string>()
  for (const g of reachable) {
    const phone = phones.get(groupKey(g.companyId, g.carrier))!
    const reason = baseFull.get(g.companyId) ?? await claimMessage(db, deps.caps, g.companyId, phone)
    if (reason) {
      if (reason === SmsSendMsg.baseDayCap(deps.caps.perBasePerDay)) baseFull.set(g.companyId, reason)
      held.push({ companyId: g.companyId, carrier: g.carrier!, reason })
      continue
    }
    const content = SmsSendMsg.content(g.companyName, g.carrier!, g.lines)
    let ok = true
    try {
      await deps.sms.send(phone, content)
    } catch {
      ok = false
    }
    await db.insert(transportSms).values({ companyId: g.companyId, userId: auth.userId, phone, carrier: g.carrier!, transportIds: g.transportIds, content, ok })
    await writeLog(db, {
      companyId: g.companyId, phone: sender?.phone ?? null, level: ok ? 0 : 1,
      errorMes: ok ? SmsSendMsg.log(g.carrier!, phone, g.transportIds.length) : SmsSendMsg.logFailed(g.carrier!, phone),
    })
    if (ok) {
      result.sent++
      result.transports += g.transportIds.length
    } else result.failed.push(g.carrier!)
  }
  result.heldBack = held.map(({ carrier, reason }) => ({ carrier, reason }))
  await logHeldBack(db, sender?.phone ?? null, held)
  return result
}

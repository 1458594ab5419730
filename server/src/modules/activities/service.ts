import {
  ACTIVITY_CONTENT_MAX, ActivityMsg, ATTACHMENT_TYPES, formatDateTime, MemberMsg, parseDateTime, rangeBounds,
  type Activity, type ActivityBody, type ActivityQuery, type Page,
} from '@app/contract'
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { activities, attachments, companies, measurements, testees } from '../../db/schema/index.js'
import { claimAttachments, dropUnnamedAttachments, releaseBlobs, type BlobDeps } from '../../platform/attachments.js'
import { NotFoundError, ValidationError } from '../../platform/errors.js'
import { listSource, pagedList } from '../../platform/list.js'
import { containsEach } from '../../platform/query.js'
import type { SessionUser } from '../../platform/sessions.js'
import { assertCompanyInScope, assertInScope, inCompanyScope, ownerCompany } from '../../platform/tenancy.js'
import { assertCompanyExists } from '../companies/index.js'
import { safeContentHtml } from './content.js'

type Row = typeof activities.$inferSelect

const toActivity = ({ a, companyName }: { a: Row; companyName: string | null }): Activity => ({
  id: a.id, companyId: a.companyId, companyName: companyName ?? '', title: a.title, place: a.place, organizer: a.organizer,
  startTime: formatDateTime(a.startTime), endTime: formatDateTime(a.endTime), picture: a.pictureId, content: a.content,
  createId: a.createId, createTime: formatDateTime(a.createTime),
})

function where(auth: SessionUser, q: ActivityQuery) {
  // activities overlapping the range: started before it ends and ended after it starts
  const { from, to } = rangeBounds(q.timeQuery as (string | null)[] | undefined)
  return and(
    inCompanyScope(auth, activities.companyId, q.companyId),
    ...containsEach(q, { title: activities.title }),
    to ? lte(activities.startTime, to) : undefined,
    from ? gte(activities.endTime, from) : undefined,
  )
}

const activityList = (db: Executor, auth: SessionUser, q: ActivityQuery) => listSource({
  db,
  query: () => db.select({ a: activities, companyName: companies.name }).from(activities)
    .leftJoin(companies, eq(companies.id, activities.companyId)).where(where(auth, q)).$dynamic(),
  count: () => db.select({ id: activities.id }).from(activities).where(where(auth, q)).$dynamic(),
  orderBy: [desc(activities.startTime), desc(activities.id)],
  map: toActivity,
})

export const findActivities = (db: Executor, auth: SessionUser, q: ActivityQuery): Promise<Page<Activity>> => pagedList(activityList(db, auth, q), q)

async function ownActivity(db: Executor, auth: SessionUser, id: number) {
  const [row] = await db.select().from(activities).where(eq(activities.id, id))
  if (!row) throw new NotFoundError(ActivityMsg.notFound)
  assertInScope(auth, row.companyId, ActivityMsg.notFound)
  return row
}

async function withCompany(db: Executor, row: Row) {
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, row.companyId))
  return toActivity({ a: row, companyName: company?.name ?? null })
}

/** One activity; with `userId`, whether that member was measured at the activity's base while it ran. */
export async function getActivity(db: Executor, auth: SessionUser, id: number, userId?: number): Promise<Activity> {
  const row = await ownActivity(db, auth, id)
  const activity = await withCompany(db, row)
  if (userId === undefined) return activity
  const [member] = await db.select({ companyId: testees.companyId }).from(testees).where(eq(testees.id, userId))
  if (!member) throw new NotFoundError(MemberMsg.notFound)
  assertInScope(auth, member.companyId, MemberMsg.notFound)
  const [seen] = await db.select({ one: sql`1` }).from(measurements).where(and(
    eq(measurements.testeeId, userId), eq(measurements.companyId, row.companyId),
    gte(measurements.measuredTime, row.startTime), lte(measurements.measuredTime, row.endTime),
  )).limit(1)
  return { ...activity, isAttend: Boolean(seen) }
}

/** The picture must be an image the caller may use (their base's, or headquarters' upload, which moves to the activity's base). */
async function checkPicture(tx: Executor, auth: SessionUser, pictureId: number | null | undefined, companyId: number) {
  if (pictureId == null) return
  await claimAttachments(tx, auth, [pictureId], companyId)
  const [file] = await tx.select({ mime: attachments.mime }).from(attachments).where(inArray(attachments.id, [pictureId]))
  if (!file?.mime.startsWith('image/')) throw new ValidationError(ActivityMsg.notPicture)
}

/** The content as stored: sanitised, and within the limit then too, so that an edit can send it back as it came */
function contentOf(body: ActivityBody) {
  const content = safeContentHtml(body.content)
  if (content.length > ACTIVITY_CONTENT_MAX) throw new ValidationError(ActivityMsg.contentTooLongAfterCleaning)
  return content
}

const columnsOf = (body: ActivityBody) => ({
  title: body.title, place: body.place, organizer: body.organizer,
  startTime: parseDateTime(body.startTime), endTime: parseDateTime(body.endTime),
  pictureId: body.picture ?? null, content: contentOf(body),
})

export async function createActivity(db: Executor, auth: SessionUser, body: ActivityBody): Promise<Activity> {
  const companyId = ownerCompany(auth, body.companyId)
  return db.transaction(async (tx) => {
    await assertCompanyExists(tx, companyId)
    await checkPicture(tx, auth, body.picture, companyId)
    const [row] = await tx.insert(activities).values({ ...columnsOf(body), companyId, createId: auth.userId }).returning()
    return withCompany(tx, row!)
  })
}

/** Edits the activity; a picture it no longer shows is released as on removal. */
export async function editActivity(deps: BlobDeps, auth: SessionUser, id: number, body: ActivityBody): Promise<Activity> {
  // a base named outside the caller's scope is refused as such, whichever activity is edited
  assertCompanyInScope(auth, body.companyId)
  const { edited, blobs } = await deps.db.transaction(async (tx) => {
    const old = await ownActivity(tx, auth, id)
    const companyId = body.companyId != null ? ownerCompany(auth, body.companyId) : old.companyId
    if (companyId !== old.companyId) await assertCompanyExists(tx, companyId)
    if (body.picture !== old.pictureId || companyId !== old.companyId) await checkPicture(tx, auth, body.picture, companyId)
    const [row] = await tx.update(activities).set({ ...columnsOf(body), companyId, updateTime: new Date() }).where(eq(activities.id, id)).returning()
    return { edited: await withCompany(tx, row!), blobs: row!.pictureId !== old.pictureId ? await dropPictures(tx, [old.pictureId]) : [] }
  })
  await releaseBlobs(deps, blobs)
  return edited
}

/** The pictures `ids` no activity names any more are deleted with their bytes given back to the base (after `tx` commits: the blobs). */
const dropPictures = (tx: Executor, ids: (number | null)[]) => dropUnnamedAttachments(tx, ids, ATTACHMENT_TYPES.activityPicture, async (named) =>
  (await tx.select({ id: activities.pictureId }).from(activities).where(inArray(activities.pictureId, named))).map((r) => r.id!))

/** Removes the activity and releases its picture (the attachment and its stored bytes) unless something else names it. */
export async function removeActivity(deps: BlobDeps, auth: SessionUser, id: number) {
  const blobs = await deps.db.transaction(async (tx) => {
    const deleted = await tx.delete(activities).where(and(eq(activities.id, id), inCompanyScope(auth, activities.companyId)))
      .returning({ id: activities.id, pictureId: activities.pictureId })
    if (!deleted.length) throw new NotFoundError(ActivityMsg.notFound)
    return dropPictures(tx, [deleted[0]!.pictureId])
  })
  await releaseBlobs(deps, blobs)
}

import {
  ATTACHMENT_DELETE_PERMISSION, ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, AttachmentMsg, attachmentUrl, formatDateTime, HQ_COMPANY_ID,
  IMAGE_MAX_SIDE, PICTURE_FILE_TYPES, type AttachmentInfo, type Permission,
} from '@app/contract'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { fileTypeFromBuffer } from 'file-type'
import type { Db, Executor } from '../db/client.js'
import { attachments, companies } from '../db/schema/index.js'
import { ForbiddenError, NotFoundError, TooLargeError, ValidationError } from './errors.js'
import { sha256Hex, type FileStore } from './files.js'
import { acceptPicture } from './pictures.js'
import type { Auth } from './access.js'
import type { SessionUser } from './sessions.js'
import { assertInScope } from './tenancy.js'

/**
 * Attachments: type checked by content (magic bytes), 10 MB at most, images re-encoded upright by
 * acceptPicture (EXIF orientation applied, metadata such as GPS dropped, at most 4096 px) with a JPEG thumbnail,
 * bytes stored content-addressed in the FileStore and counted against the base's storage quota.
 * A row belongs to a company; other companies never see it.
 */
export interface AttachmentDeps {
  db: Db
  files: FileStore
  /** bytes one base may store (company.storage_used is charged against it) */
  storageQuotaBytes: number
}
/** Removing blobs needs no quota. */
export type BlobDeps = Pick<AttachmentDeps, 'db' | 'files'>

export const attachmentDeps = (ctx: { db: Db; files: FileStore; config: { storageQuotaBytes: number } }): AttachmentDeps =>
  ({ db: ctx.db, files: ctx.files, storageQuotaBytes: ctx.config.storageQuotaBytes })

type Row = typeof attachments.$inferSelect

const IMAGE_MIMES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/bmp', 'image/tiff'])
const DOCUMENT_MIMES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
}
/** Old Office files are all "compound file" containers; the name says which. */
const CFB_EXTS: Record<string, string> = { doc: 'application/msword', xls: 'application/vnd.ms-excel' }

export interface StoreFileInput {
  buffer: Buffer
  companyId: number
  userId: number | null
  fileType: number
  /** display name; defaults to the uploaded file name */
  name?: string | null
  /** the uploaded file's own name */
  filename?: string | null
  targetId?: number | null
  /** pictures only: shrink so the longest side is at most this (default IMAGE_MAX_SIDE; ticket photos keep 2400 px) */
  maxSide?: number
  /** pictures only: keep a large one at half its size when that is at least this (keptLongest) */
  halfSizeFrom?: number
  /** refuse larger uploads (default ATTACHMENT_MAX_BYTES) */
  maxBytes?: number
}

interface Prepared {
  data: Buffer
  mime: string
  ext: string
  thumb: Buffer | null
  width: number | null
  height: number | null
}

const extOf = (filename?: string | null) => filename?.match(/\.([A-Za-z0-9]{1,8})$/)?.[1]?.toLowerCase()

/** A safe display name: no folders, no control characters, at most 200 characters, with the stored extension. */
function displayName(input: Pick<StoreFileInput, 'name' | 'filename'>, ext: string): string {
  const raw = (input.name?.trim() || input.filename?.trim() || '').split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  let name = raw.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 150)
  if (!name) name = '附件'
  if (extOf(name) !== ext) name = `${name.replace(/\.[A-Za-z0-9]{1,8}$/, '')}.${ext}`
  return name.slice(0, 200)
}

/** Checks the bytes (not the name or the declared type) and prepares what is stored. */
async function prepare(input: StoreFileInput): Promise<Prepared> {
  if (!input.buffer.length) throw new ValidationError(AttachmentMsg.empty)
  if (input.buffer.length > (input.maxBytes ?? ATTACHMENT_MAX_BYTES)) throw new TooLargeError(AttachmentMsg.tooLarge)
  const detected = await fileTypeFromBuffer(input.buffer)
  const pictureOnly = PICTURE_FILE_TYPES.includes(input.fileType)
  if (detected && IMAGE_MIMES.has(detected.mime)) {
    return acceptPicture(input.buffer, { maxSide: input.maxSide ?? IMAGE_MAX_SIDE, halfSizeFrom: input.halfSizeFrom, thumbnail: true })
  }
  if (pictureOnly) throw new ValidationError(AttachmentMsg.imageOnly)
  if (detected && DOCUMENT_MIMES[detected.mime]) {
    return { data: input.buffer, mime: detected.mime, ext: DOCUMENT_MIMES[detected.mime]!, thumb: null, width: null, height: null }
  }
  const nameExt = extOf(input.filename) ?? extOf(input.name)
  if (detected?.mime === 'application/x-cfb' && nameExt && CFB_EXTS[nameExt]) {
    return { data: input.buffer, mime: CFB_EXTS[nameExt]!, ext: nameExt, thumb: null, width: null, height: null }
  }
  throw new ValidationError(AttachmentMsg.unsupported)
}

/** Serialises writers and removers of one blob across transactions and processes. */
const lockBlob = (tx: Executor, sha: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`blob:${sha}`}))`)

const isImageMime = (mime: string) => mime.startsWith('image/')

export function toInfo(row: Row): AttachmentInfo {
  return {
    id: row.id,
    name: row.name,
    mime: row.mime,
    size: row.size,
    isImage: isImageMime(row.mime),
    width: row.width,
    height: row.height,
    fileType: row.fileType,
    url: attachmentUrl(row.id),
    thumbUrl: row.thumbSha256 ? attachmentUrl(row.id, true) : null,
    createTime: formatDateTime(row.createTime),
  }
}

/**
 * Charges `bytes` to a base's storage in one statement, so parallel uploads never pass the quota together;
 * a full base is refused with its limit and what it uses.
 */
async function chargeStorage(db: Executor, companyId: number, bytes: number, quotaBytes: number) {
  const charged = await db.update(companies).set({ storageUsed: sql`${companies.storageUsed} + ${bytes}` })
    .where(and(eq(companies.id, companyId), sql`${companies.storageUsed} + ${bytes} <= ${quotaBytes}`))
    .returning({ id: companies.id })
  if (charged.length) return
  const [company] = await db.select({ used: companies.storageUsed }).from(companies).where(eq(companies.id, companyId))
  throw new TooLargeError(AttachmentMsg.storageFull(quotaBytes, company?.used ?? 0, bytes))
}

const refundStorage = (db: Executor, companyId: number, bytes: number) =>
  db.update(companies).set({ storageUsed: sql`greatest(${companies.storageUsed} - ${bytes}, 0)` }).where(eq(companies.id, companyId))

/** Both blobs of a prepared file: a put that skips what is there already. */
async function putBlobs(files: FileStore, p: Prepared, sha: string, thumbSha: string | null) {
  await files.put(sha, p.data, p.mime)
  if (p.thumb && thumbSha) await files.put(thumbSha, p.thumb, 'image/jpeg')
}

/**
 * Stores any accepted file for a company: charges the base's storage, writes the blobs outside any
 * transaction (a slow object store holds no database connection; a blob whose row never comes is
 * harmless, being content-addressed), then inserts the row in a short transaction under the blobs' locks.
 */
export async function storeAttachment(deps: AttachmentDeps, input: StoreFileInput): Promise<AttachmentInfo> {
  return storePrepared(deps, input, await prepare(input))
}

async function storePrepared(deps: AttachmentDeps, input: Omit<StoreFileInput, 'buffer'>, p: Prepared): Promise<AttachmentInfo> {
  const sha = sha256Hex(p.data)
  const thumbSha = p.thumb ? sha256Hex(p.thumb) : null
  await chargeStorage(deps.db, input.companyId, p.data.length, deps.storageQuotaBytes)
  let row: Row
  try {
    await putBlobs(deps.files, p, sha, thumbSha)
    row = await deps.db.transaction(async (tx) => {
      // always in the same order, so two stores sharing a blob cannot wait on each other
      for (const blob of [sha, thumbSha].filter((b): b is string => Boolean(b)).sort()) await lockBlob(tx, blob)
      const [created] = await tx.insert(attachments).values({
        companyId: input.companyId, userId: input.userId, fileType: input.fileType, targetId: input.targetId ?? null,
        name: displayName(input, p.ext), mime: p.mime, ext: p.ext, size: p.data.length, sha256: sha, thumbSha256: thumbSha,
        width: p.width, height: p.height,
      }).returning()
      return created!
    })
  } catch (err) {
    await refundStorage(deps.db, input.companyId, p.data.length)
    throw err
  }
  try {
    // a delete of the last row with the same bytes may have released them between the put and the insert;
    // from the commit on, the row keeps them
    if (!(await deps.files.exists(sha))) await deps.files.put(sha, p.data, p.mime)
    if (p.thumb && thumbSha && !(await deps.files.exists(thumbSha))) await deps.files.put(thumbSha, p.thumb, 'image/jpeg')
  } catch (err) {
    await discardAttachment(deps, row.id)
    throw err
  }
  return toInfo(row)
}

/**
 * Stores a picture (e.g. a ticket photo from the analysis route): refuses anything but an image.
 * `url` is `/api/attachments/actions/download?id=<id>`.
 */
export async function storeImage(deps: AttachmentDeps, input: Omit<StoreFileInput, 'fileType'> & { fileType?: number }) {
  const info = await storeAttachment(deps, { ...input, fileType: input.fileType ?? ATTACHMENT_TYPES.ticketPicture })
  return { id: info.id, url: info.url, thumbUrl: info.thumbUrl, width: info.width, height: info.height }
}

/** A picture decoded and encoded elsewhere (a ticket photo, by the OCR worker that read it). */
export interface EncodedPicture {
  jpeg: Uint8Array
  thumb: Uint8Array
  width: number
  height: number
}

/** Stores a picture already encoded as STORED_JPEG with its thumbnail: no decoding on this thread. */
export async function storeEncodedPicture(deps: AttachmentDeps, input: Omit<StoreFileInput, 'buffer' | 'fileType'> & { fileType?: number; picture: EncodedPicture }) {
  const { picture, ...rest } = input
  const info = await storePrepared(deps, { ...rest, fileType: input.fileType ?? ATTACHMENT_TYPES.ticketPicture }, {
    data: Buffer.from(picture.jpeg.buffer, picture.jpeg.byteOffset, picture.jpeg.byteLength),
    thumb: Buffer.from(picture.thumb.buffer, picture.thumb.byteOffset, picture.thumb.byteLength),
    mime: 'image/jpeg', ext: 'jpg', width: picture.width, height: picture.height,
  })
  return { id: info.id, url: info.url, thumbUrl: info.thumbUrl, width: info.width, height: info.height }
}

async function findInScope(db: Executor, auth: SessionUser, id: number): Promise<Row> {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, id))
  if (!row) throw new NotFoundError(AttachmentMsg.notFound)
  assertInScope(auth, row.companyId, AttachmentMsg.notFound)
  return row
}

export async function getAttachmentInfo(db: Db, auth: SessionUser, id: number): Promise<AttachmentInfo> {
  return toInfo(await findInScope(db, auth, id))
}

/**
 * The bytes of an attachment (or its thumbnail) the session may see; `null` data when the browser's
 * copy (`ifNoneMatch`) is current, so a cached picture costs no read from disk or S3.
 */
export async function readAttachment(deps: AttachmentDeps, auth: SessionUser, id: number, thumb = false, ifNoneMatch?: string) {
  return fileOf(deps, await findInScope(deps.db, auth, id), thumb, ifNoneMatch)
}

/**
 * A picture its base shows to anyone (its login page's picture), by the id the base's row names:
 * the caller decides it is public. Images only, as their thumbnail when there is one.
 */
export async function readPublicPicture(deps: Pick<AttachmentDeps, 'db' | 'files'>, id: number, ifNoneMatch?: string) {
  const [row] = await deps.db.select().from(attachments).where(eq(attachments.id, id))
  if (!row || !isImageMime(row.mime)) throw new NotFoundError(AttachmentMsg.notFound)
  return fileOf(deps, row, true, ifNoneMatch)
}

async function fileOf(deps: Pick<AttachmentDeps, 'files'>, row: Row, thumb: boolean, ifNoneMatch?: string) {
  const sha = thumb && row.thumbSha256 ? row.thumbSha256 : row.sha256
  if (ifNoneMatch === `"${sha}"`) return { notModified: true as const, etag: ifNoneMatch }
  const data = await deps.files.get(sha)
  if (!data) throw new NotFoundError(AttachmentMsg.fileLost)
  const isThumb = sha !== row.sha256
  return {
    notModified: false as const,
    data,
    etag: `"${sha}"`,
    mime: isThumb ? 'image/jpeg' : row.mime,
    name: isThumb ? row.name.replace(/\.[A-Za-z0-9]+$/, '_thumb.jpg') : row.name,
    inline: isImageMime(row.mime) || row.mime === 'application/pdf',
  }
}

/** Removes blobs no row refers to any more (after deletions commit). */
export async function releaseBlobs(deps: BlobDeps, shas: (string | null)[]) {
  for (const sha of new Set(shas.filter((s): s is string => Boolean(s)))) {
    await deps.db.transaction(async (tx) => {
      await lockBlob(tx, sha)
      const [used] = await tx.select({ id: attachments.id }).from(attachments)
        .where(or(eq(attachments.sha256, sha), eq(attachments.thumbSha256, sha))).limit(1)
      if (!used) await deps.files.remove(sha)
    })
  }
}

/** Deletes a row and gives its bytes back to its base; undefined when it was already gone. */
async function removeRow(tx: Executor, id: number): Promise<Row | undefined> {
  const [row] = await tx.delete(attachments).where(eq(attachments.id, id)).returning()
  if (!row) return undefined
  await refundStorage(tx, row.companyId, row.size)
  // a base that showed it as its attachment or picture forgets it
  await tx.update(companies).set({ attachmentId: null }).where(eq(companies.attachmentId, id))
  await tx.update(companies).set({ picId: null }).where(eq(companies.picId, id))
  return row
}

/**
 * Deletes, in the caller's transaction, attachments of `fileType` a record stopped naming (a deleted
 * activity's picture) unless something still names them: `usedElsewhere` answers the ids another record
 * of the caller's names; a base's attachment or picture always counts. Answers the blobs to hand to
 * `releaseBlobs` once the transaction commits.
 */
export async function dropUnnamedAttachments(
  tx: Executor, ids: (number | null | undefined)[], fileType: number, usedElsewhere: (ids: number[]) => Promise<number[]>,
): Promise<(string | null)[]> {
  const wanted = [...new Set(ids.filter((i): i is number => typeof i === 'number'))]
  if (!wanted.length) return []
  const ofType = (await tx.select({ id: attachments.id }).from(attachments)
    .where(and(inArray(attachments.id, wanted), eq(attachments.fileType, fileType)))).map((r) => r.id)
  if (!ofType.length) return []
  const used = new Set(await usedElsewhere(ofType))
  const byBase = await tx.select({ pic: companies.picId, attachment: companies.attachmentId }).from(companies)
    .where(or(inArray(companies.picId, ofType), inArray(companies.attachmentId, ofType)))
  for (const c of byBase) for (const id of [c.pic, c.attachment]) if (id != null) used.add(id)
  const blobs: (string | null)[] = []
  for (const id of ofType.filter((i) => !used.has(i))) {
    const row = await removeRow(tx, id)
    if (row) blobs.push(row.sha256, row.thumbSha256)
  }
  return blobs
}

/** Its uploader, or a user whose role holds the permission of the screen the file belongs to. */
function assertMayDelete(auth: Auth, row: Row) {
  if (row.userId !== null && row.userId === auth.userId) return
  const permission = (ATTACHMENT_DELETE_PERMISSION as Record<number, Permission | null | undefined>)[row.fileType]
  if (permission && auth.role.permissions.has(permission)) return
  throw new ForbiddenError(AttachmentMsg.deleteForbidden)
}

export async function deleteAttachment(deps: BlobDeps, auth: Auth, id: number) {
  const row = await deps.db.transaction(async (tx) => {
    assertMayDelete(auth, await findInScope(tx, auth, id))
    const removed = await removeRow(tx, id)
    if (!removed) throw new NotFoundError(AttachmentMsg.notFound)
    return removed
  })
  await releaseBlobs(deps, [row.sha256, row.thumbSha256])
}

/** Takes back a file the server itself stored moments ago (a ticket photo whose reading failed). */
export async function discardAttachment(deps: BlobDeps, id: number) {
  const row = await deps.db.transaction((tx) => removeRow(tx, id))
  if (row) await releaseBlobs(deps, [row.sha256, row.thumbSha256])
}

/**
 * Attachments named by a form (e.g. a base's attachment and picture) must be visible to the session;
 * headquarters' uploads then belong to `companyId`, so the base's own users can open them.
 */
export async function claimAttachments(tx: Executor, auth: SessionUser, ids: (number | null | undefined)[], companyId: number) {
  const wanted = [...new Set(ids.filter((i): i is number => typeof i === 'number'))]
  if (!wanted.length) return
  const rows = await tx.select({ id: attachments.id, companyId: attachments.companyId }).from(attachments).where(inArray(attachments.id, wanted))
  for (const id of wanted) {
    const row = rows.find((r) => r.id === id)
    if (!row) throw new ValidationError(AttachmentMsg.notFoundId(id))
    assertInScope(auth, row.companyId, AttachmentMsg.notFoundId(id))
  }
  if (companyId === HQ_COMPANY_ID) return
  // headquarters' uploads move to the base, and their bytes to its storage; another base's attachment stays where it is
  const moved = await tx.update(attachments).set({ companyId })
    .where(and(inArray(attachments.id, wanted), eq(attachments.companyId, HQ_COMPANY_ID))).returning({ size: attachments.size })
  const bytes = moved.reduce((sum, r) => sum + r.size, 0)
  if (!bytes) return
  await refundStorage(tx, HQ_COMPANY_ID, bytes)
  await tx.update(companies).set({ storageUsed: sql`${companies.storageUsed} + ${bytes}` }).where(eq(companies.id, companyId))
}

import crypto from 'node:crypto'
import {
  formatDateTime, HQ_COMPANY_ID, SCREEN_EMBED_PATH, screenLinkLifetime, ScreenMsg, type ScreenEmbedQuery, type ScreenLink,
} from '@app/contract'
import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { screenLinkKeys } from '../../db/schema/index.js'
import { ForbiddenError, ValidationError } from '../../platform/errors.js'
import { linkSignature, signatureMatches } from '../../platform/signedLink.js'

/**
 * The big screen's embed link (spec 001 §2: a page "taking companyId and a timestamp"): the scope's
 * company (headquarters' own id for every base), the moment the link was made and a signature over
 * both (platform/signedLink.ts) under the scope's own key, which only the server holds. Changing the
 * company or the time breaks the signature; the link stops answering `lifetimeMs` (config
 * screenLinkMs, SCREEN_LINK_HOURS by default) after its time.
 */
/** a link made by a server whose clock is a little ahead is still taken */
const CLOCK_SKEW_MS = 5 * 60_000
const PURPOSE = 'screen-embed'

export const screenLinkSignature = (secret: string, companyId: number, timestamp: number) => linkSignature(secret, PURPOSE, [String(companyId), String(timestamp)])

/** The scope's key, made at its first link (two making it at once keep the first). */
export async function linkKeyFor(db: Executor, companyId: number): Promise<string> {
  await db.insert(screenLinkKeys).values({ companyId, secret: crypto.randomBytes(32).toString('hex') }).onConflictDoNothing()
  const [row] = await db.select({ secret: screenLinkKeys.secret }).from(screenLinkKeys).where(eq(screenLinkKeys.companyId, companyId))
  return row!.secret
}

/** The scope's key if it has made a link, else null (nothing it could have signed). */
export async function existingLinkKey(db: Executor, companyId: number): Promise<string | null> {
  const [row] = await db.select({ secret: screenLinkKeys.secret }).from(screenLinkKeys).where(eq(screenLinkKeys.companyId, companyId))
  return row?.secret ?? null
}

/** A signed link to the screen of `scope` (a base, or null for every base), on `origin`. */
export async function makeScreenLink(db: Executor, scope: number | null, origin: string, lifetimeMs: number, now = Date.now()): Promise<ScreenLink> {
  const companyId = scope ?? HQ_COMPANY_ID
  const signature = screenLinkSignature(await linkKeyFor(db, companyId), companyId, now)
  const q = new URLSearchParams({ companyId: String(companyId), timestamp: String(now), signature })
  return { url: `${origin}${SCREEN_EMBED_PATH}?${q}`, companyId, timestamp: now, signature, expiresAt: formatDateTime(new Date(now + lifetimeMs)) }
}

/**
 * The scope a link shows (null: every base), or a refusal: 400 when a part is missing, 403 when the
 * server did not sign what the link says (a changed company or time, a made-up signature, a base
 * without links), 403 expired once `lifetimeMs` has passed since the link's time. Expiry is told only
 * of a link the server did sign.
 */
export async function verifyScreenLink(
  q: ScreenEmbedQuery, keyOf: (companyId: number) => Promise<string | null>, lifetimeMs: number, now = Date.now(),
): Promise<number | null> {
  if (!q.companyId || !q.timestamp || !q.signature) throw new ValidationError(ScreenMsg.linkMissing)
  const invalid = () => new ForbiddenError(ScreenMsg.linkInvalid)
  if (!/^[1-9]\d{0,9}$/.test(q.companyId) || !/^\d{1,15}$/.test(q.timestamp)) throw invalid()
  const companyId = Number(q.companyId)
  const timestamp = Number(q.timestamp)
  if (companyId > 2_147_483_647) throw invalid()
  const secret = await keyOf(companyId)
  if (!secret || !signatureMatches(screenLinkSignature(secret, companyId, timestamp), q.signature)) throw invalid()
  if (timestamp > now + CLOCK_SKEW_MS) throw invalid()
  if (timestamp + lifetimeMs < now) throw new ForbiddenError(ScreenMsg.linkExpired(screenLinkLifetime(lifetimeMs)))
  return companyId === HQ_COMPANY_ID ? null : companyId
}

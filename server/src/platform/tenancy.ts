import { CompanyMsg, HQ_COMPANY_ID } from '@app/contract'
import { eq, type Column, type SQL } from 'drizzle-orm'
import type { SessionUser } from './sessions.js'
import { NotFoundError } from './errors.js'

export const isHeadquarters = (s: Pick<SessionUser, 'companyId'>) => s.companyId === HQ_COMPANY_ID

/**
 * Refuses a company outside the caller's scope: headquarters may name any, everyone else only their
 * session's own. Another base's id answers as missing (404 基地不存在), as its rows do, and is never
 * quietly replaced by the caller's own: the answer would look like B's and be A's.
 */
export function assertCompanyInScope(s: SessionUser, requested?: number | null) {
  if (requested != null && !isHeadquarters(s) && requested !== s.companyId) throw new NotFoundError(CompanyMsg.notFound)
}

/** The company a query or write is limited to: the one named, if in scope; else headquarters all (null), others their own. */
export function scopeCompany(s: SessionUser, requested?: number | null): number | null {
  assertCompanyInScope(s, requested)
  if (isHeadquarters(s)) return requested ?? null
  return s.companyId
}

/** `scopeCompany` as a query's condition on the rows' company `column`: none where headquarters sees every base. */
export function inCompanyScope(s: SessionUser, column: Column, requested?: number | null): SQL | undefined {
  const company = scopeCompany(s, requested)
  return company != null ? eq(column, company) : undefined
}

/** The company a new row belongs to: the one named, if in scope; else the caller's own. */
export function ownerCompany(s: SessionUser, requested?: number | null): number {
  assertCompanyInScope(s, requested)
  return requested || s.companyId
}

/** Another company's row answers as missing, so ids of other bases reveal nothing. */
export function assertInScope(s: SessionUser, rowCompanyId: number | null | undefined, message?: string) {
  if (isHeadquarters(s)) return
  if (rowCompanyId !== s.companyId) throw new NotFoundError(message)
}

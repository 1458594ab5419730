import { HQ_COMPANY_ID } from '@app/contract'
import type { SessionUser } from './sessions.js'
import { NotFoundError } from './errors.js'

export const isHeadquarters = (s: Pick<SessionUser, 'companyId'>) => s.companyId === HQ_COMPANY_ID

/**
 * The company a query or write is limited to. Headquarters may name any company (or none: all);
 * everyone else gets their session's company, whatever the request said.
 */
export function scopeCompany(s: SessionUser, requested?: number | null): number | null {
  if (isHeadquarters(s)) return requested ?? null
  return s.companyId
}

/** The company a new row belongs to: headquarters may create for a named company, others for their own. */
export function ownerCompany(s: SessionUser, requested?: number | null): number {
  return isHeadquarters(s) && requested ? requested : s.companyId
}

/** Another company's row answers as missing, so ids of other bases reveal nothing. */
export function assertInScope(s: SessionUser, rowCompanyId: number | null | undefined, message?: string) {
  if (isHeadquarters(s)) return
  if (rowCompanyId !== s.companyId) throw new NotFoundError(message)
}

import type { ReportVerification } from '@app/contract'
import { http, type RequestOptions } from './request'

/** The public verification behind a report's QR code (no session): result and validity only. */
export const verifyReport = (token: string, opts?: RequestOptions) =>
  http.get<ReportVerification>(`/public/report/${encodeURIComponent(token)}`, undefined, { silent: true, ...opts })

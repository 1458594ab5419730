import type { ActivityLinkQuery, PublicReports } from '@app/contract'
import { http, type RequestOptions } from './request'

/** The public report page's one call (no session): a person's readings behind the link their device gave. */
export const getActivityReports = (q: ActivityLinkQuery, opts?: RequestOptions) =>
  http.get<PublicReports>('/public/activity/reports', { ...q }, { silent: true, sessionDialog: false, ...opts })

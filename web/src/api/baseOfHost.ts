import type { BaseOfDomain } from '@app/contract'
import { API_BASE, http, type RequestOptions } from './request'

/** The base a sub-domain belongs to (public: its own login page asks before anyone signs in). */
export const getBaseOfDomain = (domain: string, opts?: RequestOptions) =>
  http.get<BaseOfDomain>('/company/getByDomain', { domain }, { silent: true, sessionDialog: false, ...opts })

/** The base's picture as its login page shows it. */
export const basePictureUrl = (domain: string) => `${API_BASE}/company/picture?${new URLSearchParams({ domain })}`

/** Big screens (数据大屏): server module screens (server/src/modules/screens/routes.ts). */
import type { ScreenData, ScreenEmbedQuery, ScreenLink } from '@app/contract'
import { http, requestEnvelope, type RequestOptions } from './request'

/** Today's figures: headquarters every base (or the one named), a base its own (permission screen or base_screen). */
export const getScreenData = (companyId: number | undefined, opts?: RequestOptions) =>
  http.get<ScreenData>('/screen/data', { companyId }, opts)

/** A signed link to the public page of that screen, with the server's message saying how long it lasts. */
export const makeScreenLink = (companyId: number | undefined, opts?: RequestOptions) =>
  requestEnvelope<ScreenLink>('/screen/embed/link', { ...opts, method: 'POST', data: { companyId } })

/** The public page's one call (no session): the figures of a signed link. */
export const getEmbedScreenData = (q: ScreenEmbedQuery, opts?: RequestOptions) =>
  http.get<ScreenData>('/screen/embed/data', { ...q }, { silent: true, sessionDialog: false, ...opts })

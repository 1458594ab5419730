/** 活动 (activities): server module activities (server/src/modules/activities/routes.ts), the spec's /active calls. */
import type { Activity, ActivityBody, ActivityQuery, Page } from '@app/contract'
import { http, type RequestOptions } from './request'

export const findActivities = (q: ActivityQuery, opts?: RequestOptions) =>
  http.get<Page<Activity>>('/active/list', { ...q, timeQuery: q.timeQuery?.join(',') }, opts)
export const getActivity = (id: number, opts?: RequestOptions) => http.get<Activity>(`/active/${id}`, undefined, opts)
export const saveActivity = (body: ActivityBody, opts?: RequestOptions) => http.post<Activity>('/active', body, opts)
/** the spec's edit: the whole activity again */
export const updateActivity = (id: number, body: ActivityBody, opts?: RequestOptions) => http.post<Activity>(`/active/${id}`, body, opts)
/** the spec's remove: the edit call with `{ remove: true }` */
export const deleteActivity = (id: number, opts?: RequestOptions) => http.post<null>(`/active/${id}`, { remove: true }, opts)

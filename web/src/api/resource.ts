/**
 * The list, save, update and delete calls of a back-office resource, as the spec spells them:
 * `POST /{path}/find/`, `POST /{path}/save`, `PUT /{path}/update/{id}`, `DELETE /{path}/delete/{id}`.
 */
import type { Page } from '@app/contract'
import { http, type RequestOptions } from './request'

export function resourceCalls<Row, Body, Query>(path: string) {
  return {
    find: (q: Query, opts?: RequestOptions) => http.post<Page<Row>>(`/${path}/find/`, q, opts),
    save: (body: Body, opts?: RequestOptions) => http.post<Row>(`/${path}/save`, body, opts),
    update: (id: number, body: Body, opts?: RequestOptions) => http.put<Row>(`/${path}/update/${id}`, body, opts),
    remove: (id: number, opts?: RequestOptions) => http.delete<null>(`/${path}/delete/${id}`, undefined, opts),
  }
}

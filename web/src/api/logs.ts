/** 日志 (run log): server module logs (server/src/modules/logs/routes.ts). */
import type { LogBody, LogEntry, LogLevel, LogQuery, Page } from '@app/contract'
import { download, http, type RequestOptions } from './request'

// the contract's types, under the names the log page imports from here
export type { LogBody, LogLevel, LogQuery }

export const findLogs = (q: LogQuery, opts?: RequestOptions) => http.post<Page<LogEntry>>('/log/find/', q, opts)

export const saveLog = (body: LogBody, opts?: RequestOptions) => http.post<LogEntry>('/log/save', body, opts)

export const updateLog = (id: number, body: LogBody, opts?: RequestOptions) => http.put<LogEntry>(`/log/update/${id}`, body, opts)

export const deleteLog = (id: number, opts?: RequestOptions) => http.delete<null>(`/log/delete/${id}`, undefined, opts)

/** The entries the filters select (headquarters: every base), as xlsx. */
export const exportLogs = (companyId: number, q: Omit<LogQuery, 'page' | 'size'> = {}, opts?: RequestOptions) =>
  download(`/log/export/${companyId}`, {
    filename: '日志列表.xlsx',
    ...opts,
    params: { keyword: q.keyword, level: q.level, createTimeQuery: q.createTimeQuery?.join(',') },
  })

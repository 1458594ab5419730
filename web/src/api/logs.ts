/** 日志 (run log): server module logs (server/src/modules/logs/routes.ts). */
import type { LogBody, LogEntry, LogLevel, LogQuery } from '@app/contract'
import { download, type RequestOptions } from './request'
import { resourceCalls } from './resource'

// the contract's types, under the names the log page imports from here
export type { LogBody, LogLevel, LogQuery }

export const { find: findLogs, save: saveLog, update: updateLog, remove: deleteLog } = resourceCalls<LogEntry, LogBody, LogQuery>('log')

/** The entries the filters select (headquarters: every base), as xlsx. */
export const exportLogs = (companyId: number, q: Omit<LogQuery, 'page' | 'size'> = {}, opts?: RequestOptions) =>
  download(`/log/export/${companyId}`, {
    filename: '日志列表.xlsx',
    ...opts,
    params: { keyword: q.keyword, level: q.level, createTimeQuery: q.createTimeQuery?.join(',') },
  })

/** 日志 (run log): server module logs (server/src/modules/logs/routes.ts). */
import { LOG_EXPORT_NAME, type LogBody, type LogEntry, type LogQuery } from '@app/contract'
import { download, type RequestOptions } from './request'
import { resourceCalls } from './resource'

export const { find: findLogs, save: saveLog, update: updateLog, remove: deleteLog } = resourceCalls<LogEntry, LogBody, LogQuery>('log')

/** The entries the filters select (headquarters: every base), as xlsx. */
export const exportLogs = (companyId: number, q: Omit<LogQuery, 'page' | 'size'> = {}, opts?: RequestOptions) =>
  download(`/log/export/${companyId}`, {
    filename: `${LOG_EXPORT_NAME}.xlsx`,
    ...opts,
    params: { keyword: q.keyword, level: q.level, createTimeQuery: q.createTimeQuery?.join(',') },
  })

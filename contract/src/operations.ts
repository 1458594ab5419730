import { z } from 'zod'

/** Operations endpoints: /api/health, /api/ready, /api/metrics (server/src/modules/operations). */
export const OpsMsg = {
  alive: '服务运行中',
  ready: '服务已就绪',
  notReady: '服务未就绪',
  databaseDown: '数据库无法访问',
  storageDown: '文件存储无法访问',
  ocrNotStarted: '识别服务尚未启动',
  ocrStarting: '识别服务正在启动',
  ocrBroken: '识别服务无法启动',
  stopping: '服务正在停止，请稍后重试',
  metricsToken: '请提供正确的监控令牌',
} as const

/** One check of /api/ready: ok, or the Chinese reason it is not. */
export const readyCheck = z.object({ ok: z.boolean(), message: z.string() })
export const readyAnswer = z.object({
  database: readyCheck,
  storage: readyCheck,
  ocr: readyCheck,
  /** this process is draining (SIGTERM): the balancer should send nothing new */
  stopping: z.boolean(),
})
export type ReadyAnswer = z.infer<typeof readyAnswer>

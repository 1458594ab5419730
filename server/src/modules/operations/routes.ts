import { OpsMsg, readyAnswer, type ReadyAnswer } from '@app/contract'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../context.js'
import { bearerToken } from '../../platform/access.js'
import { done } from '../../platform/envelope.js'
import { AppError } from '../../platform/errors.js'
import { tokenMatches } from '../../platform/metrics.js'

/** How long a readiness check may take before it counts as failed. */
const CHECK_MS = 3_000

const within = <T>(ms: number, work: Promise<T>) => Promise.race([
  work,
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
])

async function check(work: () => Promise<unknown>, failed: string) {
  try {
    await within(CHECK_MS, work())
    return { ok: true, message: OpsMsg.ready }
  } catch {
    return { ok: false, message: failed }
  }
}

/**
 * For the load balancer and the operator: /health (the process answers), /ready (it can serve:
 * database, file storage, OCR workers; not while stopping), /metrics (Prometheus, with METRICS_TOKEN).
 */
export function operationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['运维']

  r.get('/health', { config: { access: 'public' }, schema: { tags, summary: '存活检查' } }, async () => done(null, OpsMsg.alive))

  r.get('/ready', { config: { access: 'public' }, schema: { tags, summary: '就绪检查（数据库、文件存储、识别服务）' } }, async (_req, reply) => {
    const ocr = ctx.reader.stats()
    const [database, storage] = await Promise.all([
      check(() => ctx.db.execute(sql`select 1`), OpsMsg.databaseDown),
      check(() => ctx.files.check(), OpsMsg.storageDown),
    ])
    const answer: ReadyAnswer = {
      database,
      storage,
      ocr: !ocr ? { ok: false, message: OpsMsg.ocrNotStarted }
        : ocr.broken ? { ok: false, message: OpsMsg.ocrBroken }
        : ocr.ready > 0 ? { ok: true, message: OpsMsg.ready } : { ok: false, message: OpsMsg.ocrStarting },
      stopping: ctx.lifecycle.stopping,
    }
    const failed = [answer.database, answer.storage, answer.ocr].find((c) => !c.ok)
    const message = answer.stopping ? OpsMsg.stopping : failed ? `${OpsMsg.notReady}：${failed.message}` : OpsMsg.ready
    if (answer.stopping || failed) {
      reply.status(503)
      return Object.assign(done(readyAnswer.parse(answer), message), { code: 503 })
    }
    return done(answer, message)
  })

  const metrics = ctx.metrics
  if (metrics) {
    r.get('/metrics', { config: { access: 'public' }, schema: { tags, summary: 'Prometheus 监控指标（需监控令牌）', hide: true } }, async (req, reply) => {
      if (!tokenMatches(bearerToken(req) ?? undefined, ctx.config.metricsToken!)) throw new AppError(401, OpsMsg.metricsToken)
      reply.type(metrics.contentType)
      return metrics.metrics()
    })
  }
}

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
/**
 * How long one probe of the database and the file storage answers /ready. Anyone may call it, and each
 * probe is a query and, with S3, a signed request to the bucket: a stream of calls must not become a
 * stream of either. A failure shows at most this long after the probe before it.
 */
export const READY_PROBE_REUSE_MS = 2_000

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

/** `probe`'s answer, shared by the calls made while it runs and reused for `reuseMs` after it ends. */
function sharedProbe<T>(probe: () => Promise<T>, reuseMs: number) {
  let last: { endedAt: number; answer: T } | null = null
  let running: Promise<T> | null = null
  return () => {
    if (last && Date.now() - last.endedAt < reuseMs) return Promise.resolve(last.answer)
    return running ??= probe().then((answer) => {
      last = { endedAt: Date.now(), answer }
      return answer
    }).finally(() => { running = null })
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

  // the OCR workers and stopping are this process's own state, read on every call
  const probeStores = sharedProbe(() => Promise.all([
    check(() => ctx.db.execute(sql`select 1`), OpsMsg.databaseDown),
    check(() => ctx.files.check(), OpsMsg.storageDown),
  ]), READY_PROBE_REUSE_MS)
  r.get('/ready', { config: { access: 'public' }, schema: { tags, summary: '就绪检查（数据库、文件存储、识别服务）' } }, async (_req, reply) => {
    const [database, storage] = await probeStores()
    const ocr = ctx.reader.stats()
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

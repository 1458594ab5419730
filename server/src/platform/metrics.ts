import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { PoolStats } from '../db/client.js'
import type { TicketReader } from '../ocr/reader.js'

/**
 * Prometheus metrics of this process (GET /api/metrics, only with METRICS_TOKEN): request latency
 * by route, the OCR queue and job time, the database pool, and prom-client's Node metrics (event-loop
 * delay: nodejs_eventloop_lag_p99_seconds and _max_seconds, heap, GC). A registry per app, so that tests
 * building several apps in one process do not share counters.
 */
export function createMetrics(app: FastifyInstance, deps: { reader: TicketReader; poolStats: () => PoolStats | null }) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })
  const ocrJobs = new Histogram({
    name: 'ocr_job_duration_seconds',
    help: 'Time of a ticket reading in the OCR pool, waiting for a worker included',
    buckets: [0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30],
    registers: [registry],
  })
  deps.reader.onJob = (seconds) => ocrJobs.observe(seconds)
  const ocrStat = (name: string, help: string, pick: (s: NonNullable<ReturnType<TicketReader['stats']>>) => number) =>
    new Gauge({ name, help, registers: [registry], collect() { const s = deps.reader.stats(); this.set(s ? pick(s) : 0) } })
  ocrStat('ocr_queue_depth', 'Ticket readings waiting for an OCR worker', (s) => s.queued)
  ocrStat('ocr_workers_busy', 'OCR workers reading a ticket now', (s) => s.busy)
  ocrStat('ocr_workers_ready', 'OCR workers with their models loaded', (s) => s.ready)
  const poolStat = (name: string, help: string, pick: (s: PoolStats) => number) =>
    new Gauge({ name, help, registers: [registry], collect() { const s = deps.poolStats(); this.set(s ? pick(s) : 0) } })
  poolStat('db_pool_connections_max', 'Connections the PostgreSQL pool may open', (s) => s.max)
  poolStat('db_pool_connections', 'Connections the PostgreSQL pool holds', (s) => s.total)
  poolStat('db_pool_connections_idle', 'Connections of the pool not in use', (s) => s.idle)
  poolStat('db_pool_waiting', 'Queries waiting for a free connection', (s) => s.waiting)

  app.addHook('onResponse', async (req, reply) => {
    // the pattern, never the URL itself: ids would make a series per row
    const route = req.routeOptions.url ?? 'unmatched'
    requests.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000)
  })
  return registry
}

/** Compares a presented token with the configured one in constant time. */
export function tokenMatches(presented: string | undefined, expected: string) {
  if (!presented) return false
  const a = crypto.createHash('sha256').update(presented).digest()
  const b = crypto.createHash('sha256').update(expected).digest()
  return crypto.timingSafeEqual(a, b)
}

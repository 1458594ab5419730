// OCR benchmark: `npx tsx bench/ocr.bench.ts`. Prints `name: value unit` lines.
// - ocr_latency_p50/p95: one upload at a time through a pool of 1 worker using every core
// - ocr_throughput: 4 concurrent submissions to a pool of 2 workers (1 onnxruntime thread each)
// - ocr_phone_latency_p50: the 3000+ px phone shots, one at a time
// - ocr_peak_rss: peak resident memory of the process (main thread + workers)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { OcrPool } from '../server/src/ocr/pool.js'
import { BENCH_FIXTURES } from './lib.js'


type Truth = { file: string; fileType: 1 | 2 }
const load = (dir: string) =>
  (JSON.parse(fs.readFileSync(path.join(BENCH_FIXTURES, dir, 'truth.json'), 'utf8')) as Truth[]).map((t) => ({
    buffer: fs.readFileSync(path.join(BENCH_FIXTURES, dir, t.file)),
    fileType: t.fileType,
  }))
const tickets = load('tickets')
const phone = load('tickets-phone')

let peakRss = 0
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50)
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]
const out = (name: string, value: number, unit: string) => console.log(`${name}: ${value.toFixed(unit === 'ms' || unit === 'MB' ? 0 : 2)} ${unit}`)

const cores = os.availableParallelism()
{
  const pool = new OcrPool({ size: 2, threadsPerWorker: 1, maxQueue: 16 })
  await pool.ready()
  await Promise.all([pool.analyze(tickets[0]), pool.analyze(tickets[1])]) // warm both
  const jobs = [...tickets, ...tickets]
  let next = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < jobs.length) await pool.analyze(jobs[next++])
    }),
  )
  const secs = (performance.now() - t0) / 1000
  out('ocr_throughput', jobs.length / secs, 'tickets/s')
  next = 0
  const pjobs = [...phone, ...phone]
  const t1 = performance.now()
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < pjobs.length) await pool.analyze(pjobs[next++])
    }),
  )
  out('ocr_phone_throughput', pjobs.length / ((performance.now() - t1) / 1000), 'tickets/s')
  await pool.close()
  out('ocr_peak_rss_2_workers', peakRss / 1e6, 'MB')
}
{
  const t0 = performance.now()
  const pool = new OcrPool({ size: 1, threadsPerWorker: cores })
  await pool.ready()
  out('ocr_worker_start', performance.now() - t0, 'ms')
  await pool.analyze(tickets[0]) // warm
  const lat: number[] = []
  for (const t of tickets) {
    const s = performance.now()
    await pool.analyze(t)
    lat.push(performance.now() - s)
  }
  out('ocr_latency_p50', pct(lat, 50), 'ms')
  out('ocr_latency_p95', pct(lat, 95), 'ms')
  const pl: number[] = []
  for (const t of phone) {
    const s = performance.now()
    await pool.analyze(t)
    pl.push(performance.now() - s)
  }
  out('ocr_phone_latency_p50', pct(pl, 50), 'ms')
  await pool.close()
}
clearInterval(sampler)
out('ocr_peak_rss', peakRss / 1e6, 'MB') // whole run: both pools one after the other

import fs from 'node:fs'
import os from 'node:os'
import zlib from 'node:zlib'
import type { App } from '../src/app.js'

/**
 * What a request may cost the other tenants while it runs, in tests: the longest wait for /api/health a
 * loaded machine needs to tell a request that holds the event loop for seconds from one that does not
 * (bench/untrusted-files.bench.ts measures it against 200 ms), and the process's growth.
 */
const HEALTH_BOUND_MS = 2_000
export const RSS_BOUND_MB = 300

/**
 * HEALTH_BOUND_MS as the machine is now: on a machine with a run queue longer than its cores, every
 * step of a request takes that much longer, so the bound grows with the load average per core (up to
 * 15×). On a quiet machine, as in CI, it is HEALTH_BOUND_MS; what it guards against held the event
 * loop 11 to 34 s on a quiet machine, and longer in proportion on a loaded one.
 */
export function healthBoundMs(): number {
  const perCore = os.loadavg()[0]! / Math.max(1, os.availableParallelism())
  return Math.round(HEALTH_BOUND_MS * Math.min(15, Math.max(1, perCore)))
}

/** The process's peak RSS since the last `resetPeakRss` (Linux), so a spike while the event loop is held still counts. */
function peakRss() {
  const peak = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1]
  return peak ? Number(peak) * 1024 : process.memoryUsage().rss
}
function resetPeakRss() {
  try { fs.writeFileSync('/proc/self/clear_refs', '5') } catch { /* elsewhere the samples below are all there is */ }
}

/**
 * What a user of another tenant would notice while `work` runs: the slowest answer of /api/health,
 * asked every `everyMs` (counted from when it was due, so a blocked event loop shows in full), and the
 * growth of the process's RSS (worker threads included) over what it was before.
 */
export async function healthWhile<T>(app: App, work: Promise<T> | (() => Promise<T>), everyMs = 25) {
  const rssBefore = process.memoryUsage().rss
  resetPeakRss()
  let rssPeak = rssBefore
  if (typeof work === 'function') work = work()
  let healthMs = 0
  let finished = false
  const outcome = work.then((value) => ({ value }), (error: unknown) => ({ error })).finally(() => { finished = true })
  while (!finished) {
    const due = performance.now() + everyMs
    await new Promise((resolve) => setTimeout(resolve, everyMs))
    const res = await app.inject({ method: 'GET', url: '/api/health' })
    if (res.statusCode !== 200) throw new Error(`/api/health answered ${res.statusCode}`)
    healthMs = Math.max(healthMs, performance.now() - due)
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
  }
  const settled = await outcome
  rssPeak = Math.max(rssPeak, peakRss())
  if ('error' in settled) throw settled.error
  return { value: settled.value, healthMs, rssGrowthMb: (rssPeak - rssBefore) / 2 ** 20 }
}

/** A PNG chunk with its length and CRC. */
export function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A PNG whose IDAT is not zlib (its chunks' CRCs are right): its header reads, its pixels do not. */
export function pngWithBrokenData(width = 4, height = 4): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per channel
  header[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header), pngChunk('IDAT', Buffer.from('these bytes are not zlib data')), pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * Brotli (`.br`) and gzip (`.gz`) copies of the built web app's text files, written beside them
 * after `vite build` (see vite.config.ts); the server sends the copy a browser accepts as it is
 * (server/src/platform/webApp.ts). Made once at build time, so the strongest settings cost nothing
 * per request: Brotli quality 11, gzip level 9.
 *
 * Only text files are compressed (scripts, styles, HTML, SVG, JSON): pictures and fonts (png, jpg,
 * webp, woff2, ...) are compressed already and are left alone. A copy that would not be smaller
 * than its file is not written.
 */
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

export const COMPRESSIBLE_FILES = /\.(js|mjs|css|html|svg|json|txt|xml|map|wasm|ico)$/i

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

export interface PrecompressResult {
  files: number
  bytes: number
  brBytes: number
  gzipBytes: number
}

function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // .vite/manifest.json is for the build, not served
    if (entry.name.startsWith('.')) continue
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...filesUnder(p))
    else if (COMPRESSIBLE_FILES.test(entry.name)) out.push(p)
  }
  return out
}

/** Writes `<file>.br` and `<file>.gz` for every text file under `dir`; answers the totals. */
export async function precompress(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brBytes: 0, gzipBytes: 0 }
  const queue = filesUnder(dir)
  // a few at a time on zlib's thread pool
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const content = fs.readFileSync(file)
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ])
      for (const [ext, copy] of [['.br', br], ['.gz', gz]] as const) {
        const target = file + ext
        if (copy.length < content.length) fs.writeFileSync(target, copy)
        else fs.rmSync(target, { force: true })
      }
      result.files++
      result.bytes += content.length
      result.brBytes += Math.min(br.length, content.length)
      result.gzipBytes += Math.min(gz.length, content.length)
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()])
  return result
}

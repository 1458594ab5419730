import zlib from 'node:zlib'
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * Compression of the API's answers for bases on slow provincial links (issue 15). The web app's
 * own files are not compressed here: Brotli and gzip copies are made at build time and served as
 * they are (`platform/webApp.ts`).
 *
 * - Only answers of at least COMPRESS_MIN_BYTES: below that the encoding costs more than it saves.
 * - Brotli when the browser takes it, else gzip; nothing else (no deflate, no zstd).
 * - Which answers: JSON, text (CSV exports) and the like, by content type from mime-db; pictures
 *   (ticket photos and thumbnails are always re-encoded to JPEG or PNG), PDFs and xlsx files (a zip
 *   already) are not compressible there, so they go out as they are.
 * - A streamed answer (the CSV exports) is compressed as it streams; a whole JSON answer above a
 *   few KB goes through a zlib stream on the thread pool too, so the event loop is not held.
 * - Brotli quality 5, measured on a 10,000-row transport page (12.7 MB of JSON, bench/web-load.bench.ts):
 *   q4 650 kB in 146 ms, q5 487 kB in 176 ms, q6 no smaller, q9 470 kB in 0.9 s, q11 320 kB in 48 s;
 *   gzip -6 775 kB in 163 ms. On a 4 Mbit/s link q5 is the fastest whole answer (about 1.2 s
 *   compressing and sending, against 26 s raw); above it the compression costs more than it saves.
 */
export const COMPRESS_MIN_BYTES = 1024
export const BROTLI_QUALITY = 5
export const GZIP_LEVEL = 6

/** Registers response compression on `scope` (the /api plugin): every route added to it afterwards. */
export async function registerCompression(scope: FastifyInstance) {
  await scope.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: GZIP_LEVEL },
    // requests are not decompressed: no client sends compressed bodies, and a compressed upload
    // would be a way around the body limits' intent
    globalDecompression: false,
  })
}

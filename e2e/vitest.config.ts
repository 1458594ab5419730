import path from 'node:path'
import { defineConfig } from 'vitest/config'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')

/**
 * Browser tests against the built web app and the built server (npm run build first).
 * One server and one Chromium per file; files run one after another.
 */
export default defineConfig({
  root,
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/globalSetup.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
    // a page on a loaded CI machine can take seconds to settle (1 s by default)
    expect: { poll: { timeout: 30_000 } },
  },
})

import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // two cores: files run two at a time, each on its own database
    maxWorkers: 2,
    pool: 'forks',
    // a worker's files share its loaded modules: importing the server anew for each file cost ~1.5 s
    // of CPU a file, half the suite's time. What the process keeps (caches) is kept per database.
    isolate: false,
  },
})

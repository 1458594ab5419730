import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    // limits that catch a test that hangs, not a slow one: on a machine busy with other work a test
    // taking 40 s on a quiet one takes several times that (test/timing.ts; tests reading many tickets
    // have SLOW_TEST_MS)
    testTimeout: 5 * 60_000,
    hookTimeout: 5 * 60_000,
    // two cores: files run two at a time, each on its own database
    maxWorkers: 2,
    pool: 'forks',
    // a worker's files share its loaded modules: importing the server anew for each file cost ~1.5 s
    // of CPU a file, half the suite's time. What the process keeps (caches) is kept per database.
    isolate: false,
  },
})

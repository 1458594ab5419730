import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // two cores: files run two at a time, each on its own database
    maxWorkers: 2,
    pool: 'forks',
  },
})

import { defineConfig } from 'vitest/config'

/** Unit tests of the web app's logic (request client, route table) in Node; screens are covered by e2e/. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    // a loaded CI machine takes seconds to import a module graph the first time, and several times
    // that when it is busy with other work: limits that catch a hang, not a slow import
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})

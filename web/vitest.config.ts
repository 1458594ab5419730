import { defineConfig } from 'vitest/config'

/**
 * Unit tests of the web app's logic (request client, route table) in Node, and component tests
 * (`*.test.tsx`, each starting `// @vitest-environment jsdom`) that render a component as a user sees it;
 * whole screens are covered by e2e/.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    setupFiles: ['test/dom/setup.ts'],
    environment: 'node',
    // a loaded CI machine takes seconds to import a module graph the first time, and several times
    // that when it is busy with other work: limits that catch a hang, not a slow import
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})

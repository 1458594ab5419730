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
    // that when it is busy with other work (at load 20 on 2 cores a jsdom test of a whole list page,
    // its column settings opened and clicked, took over 60 s): limits that catch a hang, not a slow machine
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
})

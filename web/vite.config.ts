import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * Vendor chunks. Only libraries every screen needs, or that only the signed-in shell needs, are
 * named here; antd itself is left to Rollup's automatic splitting so the login route carries only
 * the antd components the login page uses (a manual `antd` chunk would grow with every new screen).
 */
function manualChunks(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined
  if (/\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)\//.test(id)) return 'react'
  return undefined
}

/** where `npm run dev -w web` sends /api (the server of `npm start`, or API_PROXY_TARGET) */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080'

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    target: 'es2022',
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: { manualChunks },
      // contract/ (shared with the server) only declares constants, types and zod schemas: treat its
      // modules as side-effect free, so the web bundles only what it imports from them (and not zod,
      // which the web does not use at run time), as `"sideEffects": false` would
      treeshake: { moduleSideEffects: (id) => !/\/contract\/src\//.test(id) },
    },
  },
})

import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { precompress } from './precompress'

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

/**
 * Brotli and gzip copies of the built text files, for the server to send as they are to browsers
 * on slow links (precompress.ts). Written after every output file is on disk.
 */
function precompressCopies(): Plugin {
  return {
    name: 'precompress-copies',
    apply: 'build',
    async writeBundle(options) {
      if (!options.dir) return
      const t0 = performance.now()
      const r = await precompress(options.dir)
      const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`
      console.log(`precompressed ${r.files} files: ${kb(r.bytes)} -> br ${kb(r.brBytes)}, gzip ${kb(r.gzipBytes)} (${((performance.now() - t0) / 1000).toFixed(1)} s)`)
    },
  }
}

/** where `npm run dev -w web` sends /api (the server of `npm start`, or API_PROXY_TARGET) */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080'

export default defineConfig({
  plugins: [react(), precompressCopies()],
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

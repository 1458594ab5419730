import react from '@vitejs/plugin-react'
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite'
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

/** the page every signed-out visit lands on */
const LOGIN_PAGE = '/src/pages/login/index.tsx'

/**
 * The login route's own chunks (the lazy login page and what it imports beyond the entry) named in
 * index.html as `modulepreload` (its CSS as `preload`), so a cold visit fetches them together with
 * the entry instead of one round trip after it has run. The runtime loader finds the links already
 * there and does not fetch them again. Only the login route: the signed-in screens load on demand.
 */
function preloadLoginRoute(): Plugin {
  let base = '/'
  return {
    name: 'preload-login-route',
    apply: 'build',
    configResolved(config) { base = config.base },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return []
        const chunks = Object.values(ctx.bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk')
        const entry = chunks.find((c) => c.isEntry)
        const login = chunks.find((c) => c.facadeModuleId?.endsWith(LOGIN_PAGE))
        if (!entry || !login) throw new Error(`preload-login-route: no entry or no chunk for ${LOGIN_PAGE}`)
        const staticClosure = (from: Rollup.OutputChunk, seen = new Set<string>()) => {
          for (const f of from.imports) {
            const c = ctx.bundle![f]
            if (!seen.has(f) && c?.type === 'chunk') { seen.add(f); staticClosure(c, seen) }
          }
          return seen
        }
        const loaded = staticClosure(entry, new Set([entry.fileName]))
        const files = [login.fileName, ...staticClosure(login)].filter((f) => !loaded.has(f))
        const css = files.flatMap((f) => [...((ctx.bundle![f] as Rollup.OutputChunk).viteMetadata?.importedCss ?? [])])
        return [
          ...files.map((f): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: base + f }, injectTo: 'head' })),
          ...css.map((f): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: '', href: base + f }, injectTo: 'head' })),
        ]
      },
    },
  }
}

/** where `npm run dev -w web` sends /api (the server of `npm start`, or API_PROXY_TARGET) */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080'

export default defineConfig({
  plugins: [react(), preloadLoginRoute(), precompressCopies()],
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

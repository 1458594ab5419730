import react from '@vitejs/plugin-react'
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite'
import { precompress } from './precompress'
import { SIGNED_IN_ASSETS_META } from './src/router/signedInAssets'

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
/** what the first screen after 登录 needs: antd's providers, the signed-in shell and the home grid */
const SIGNED_IN = ['/src/app/AntdRoot.tsx', '/src/app/Shell.tsx', '/src/pages/transports/index.tsx']

/**
 * Two lists of files for index.html:
 * - the login route's own chunks (the lazy login page and what it imports beyond the entry), named as
 *   `modulepreload` (its CSS as `preload`), so a cold visit fetches them together with the entry
 *   instead of one round trip after it has run. The runtime loader finds the links already there.
 * - the files of the first screen after 登录 (SIGNED_IN and their static imports, less the login
 *   route's), in a meta tag only: the login page fetches them at low priority once the user starts
 *   typing, so that the sign-in and user-info calls are not queued behind some fifty scripts on a
 *   slow link's six connections. Their few small stylesheets are left to the lazy routes' loader,
 *   which asks for them at once as it waits on them.
 */
function preloadHints(): Plugin {
  let base = '/'
  return {
    name: 'preload-hints',
    apply: 'build',
    configResolved(config) { base = config.base },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return []
        const bundle = ctx.bundle
        const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk')
        const holding = (id: string) => {
          const chunk = chunks.find((c) => c.moduleIds.some((m) => m.endsWith(id)))
          if (!chunk) throw new Error(`preload-hints: no chunk holds ${id}`)
          return chunk
        }
        const entry = chunks.find((c) => c.isEntry)
        if (!entry) throw new Error('preload-hints: no entry chunk')
        const staticClosure = (from: Rollup.OutputChunk, seen = new Set<string>()) => {
          for (const f of from.imports) {
            const c = bundle[f]
            if (!seen.has(f) && c?.type === 'chunk') { seen.add(f); staticClosure(c, seen) }
          }
          return seen
        }
        const cssOf = (files: string[]) => files.flatMap((f) => [...((bundle[f] as Rollup.OutputChunk).viteMetadata?.importedCss ?? [])])
        const loaded = staticClosure(entry, new Set([entry.fileName]))
        const login = holding(LOGIN_PAGE)
        const loginFiles = [login.fileName, ...staticClosure(login)].filter((f) => !loaded.has(f))
        const loginCss = cssOf(loginFiles)
        loginFiles.forEach((f) => loaded.add(f))
        const signedIn = new Set<string>()
        for (const id of SIGNED_IN) {
          const chunk = holding(id)
          for (const f of [chunk.fileName, ...staticClosure(chunk)]) if (!loaded.has(f)) signedIn.add(f)
        }
        return [
          ...loginFiles.map((f): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: base + f }, injectTo: 'head' })),
          ...loginCss.map((f): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: '', href: base + f }, injectTo: 'head' })),
          { tag: 'meta', attrs: { name: SIGNED_IN_ASSETS_META, content: [...signedIn].map((f) => base + f).join(' ') }, injectTo: 'head' },
        ]
      },
    },
  }
}

/** where `npm run dev -w web` sends /api (the server of `npm start`, or API_PROXY_TARGET) */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080'

export default defineConfig({
  plugins: [react(), preloadHints(), precompressCopies()],
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
      // chunks under 20 kB without side effects are merged into one loaded in the same places: the
      // first screen after 登录 came in some eighty files, and on a slow link's six connections each
      // costs a round trip (80 → 55 files, first rows 1.8 → 1.5 s in bench/web-load.bench.ts)
      output: { manualChunks, experimentalMinChunkSize: 20_000 },
      // contract/ (shared with the server) only declares constants, types and zod schemas: treat its
      // modules as side-effect free, so the web bundles only what it imports from them (and not zod,
      // which the web does not use at run time), as `"sideEffects": false` would
      treeshake: { moduleSideEffects: (id) => !/\/contract\/src\//.test(id) },
    },
  },
})

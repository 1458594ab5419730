/**
 * The scripts of the first screen after 登录 (antd's providers, the shell, the home grid), listed in
 * index.html by the build (vite.config.ts) and fetched here at low priority: over a slow link's six
 * connections, the sign-in, user-info and first-page calls then go ahead of them instead of waiting
 * behind some fifty scripts. The lazy routes' loader finds the links there and does not add its own.
 */
export const SIGNED_IN_ASSETS_META = 'signed-in-assets'

let fetched = false

export function fetchSignedInAssets() {
  if (fetched) return
  fetched = true
  const list = document.querySelector<HTMLMetaElement>(`meta[name="${SIGNED_IN_ASSETS_META}"]`)?.content.split(' ') ?? []
  for (const href of list.filter(Boolean)) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.fetchPriority = 'low'
    link.href = href
    document.head.appendChild(link)
  }
}

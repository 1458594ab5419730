/** What the signed-in screens load: the shell, antd's providers, and their early fetch from the login page. */
import { lazy, type ReactNode } from 'react'
import { PAGE_REGISTRY } from './registry'
import { fetchSignedInAssets } from './signedInAssets'

export const loadShell = () => import('../app/Shell')
const loadAntd = () => import('../app/AntdRoot')
const AntdRoot = lazy(loadAntd)

/** Every screen but the login page is built with antd: its providers load with the screen (or dialog). */
export const withAntd = (screen: ReactNode) => <AntdRoot>{screen}</AntdRoot>

/**
 * Starts fetching the signed-in shell and the home grid (运单列表) as the user types, at low priority
 * (signedInAssets.ts), instead of a round trip or two after 登录: on a slow link that is most of the
 * wait. The lazy routes then find the modules loaded; a failure here is left to them to show.
 */
export function preloadSignedIn() {
  fetchSignedInAssets()
  const swallow = () => undefined
  loadAntd().catch(swallow)
  loadShell().catch(swallow)
  PAGE_REGISTRY.by_agent?.().catch(swallow)
}

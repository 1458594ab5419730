import { describe, expect, it } from 'vitest'
import { COMPONENT_KEYS, MENU_SEED, type MenuNode, type MenuSeed } from '@app/contract'
import { breadcrumbFor, buildRouteTable } from '../src/router/menu'
import { PAGE_REGISTRY, resolveComponent } from '../src/router/registry'
import { joinPath, loginPathFor, safeRedirect } from '../src/router/paths'
import { landingPath } from '../src/router/landing'

const toNode = (s: MenuSeed): MenuNode => ({
  path: s.path, name: s.name, component: s.component, redirect: s.redirect, meta: { title: s.title, icon: s.icon },
  children: s.children?.map(toNode),
})

describe('route table from the server menu', () => {
  const menus = MENU_SEED.map(toNode)

  it('routes every leaf by its absolute path and redirects sections', () => {
    const t = buildRouteTable(menus, ['transport', 'agent'])
    expect(t.pages.get('/by_agent/index')?.component).toBe('by_agent')
    expect(t.pages.get('/agent/record')?.title).toBe('充值记录')
    expect(t.redirects.get('/agent')).toBe('/agent/index')
    expect(t.home).toBe('/by_agent/index')
    expect(breadcrumbFor(t, '/agent/record').map((b) => b.title)).toEqual(['基地管理', '充值记录'])
  })

  it('drops nodes without a name or with an empty redirect (contract pruneMenu)', () => {
    const t = buildRouteTable([
      { path: '/x', name: '', component: 'Layout', meta: { title: 'X' }, children: [{ path: 'index', name: 'X', component: 'log', meta: { title: 'x' } }] },
      { path: '/y', name: 'Y', component: 'Layout', redirect: '', meta: { title: 'Y' }, children: [] },
      ...menus,
    ], [])
    expect([...t.pages.keys()].some((p) => p.startsWith('/x') || p.startsWith('/y'))).toBe(false)
  })

  it('goes home to the first page when by_agent is not in the menu', () => {
    const t = buildRouteTable(menus.filter((m) => m.path !== '/by_agent'), [])
    expect(t.home).toBe('/upload/index')
  })

  it('shows a section of one page as that page at the top level, and no page the web has not built', () => {
    const t = buildRouteTable(menus, [])
    const top = t.menu.map((e) => e.title)
    expect(top).toContain('上传票据')
    expect(top).toContain('日志列表')
    expect(top).not.toContain('票据上传')
    expect(top).not.toContain('系统日志')
    const upload = t.menu.find((e) => e.title === '上传票据')!
    expect(upload).toMatchObject({ path: '/upload/index', icon: 'cloud-upload', children: [] })
    expect(breadcrumbFor(t, '/upload/index').map((b) => b.title)).toEqual(['上传票据'])
    // 物品登记 is a section of one page too
    expect(top).toContain('物品列表')
    expect(top).not.toContain('物品登记')
    // a page the web has not built (a key it does not know yet): not in the sidebar, yet its URL is routed (to 页面暂不可用)
    const unbuilt: MenuNode = { path: '/future', name: 'Future', component: 'Layout', redirect: '/future/index', meta: { title: '未建栏目' },
      children: [{ path: 'index', name: 'FuturePage', component: 'future_page', meta: { title: '未建页面' } }] }
    const withUnbuilt = buildRouteTable([...menus, unbuilt], [])
    const all = JSON.stringify(withUnbuilt.menu)
    expect(all).not.toContain('未建')
    expect(withUnbuilt.pages.get('/future/index')?.component).toBe('future_page')
    expect(t.redirects.get('/upload')).toBe('/upload/index')
    // sections of several pages stay as they are
    expect(t.menu.find((e) => e.title === '运单管理')?.children.map((c) => c.title)).toEqual(['运单列表', '物流公司'])
  })

  it('lands a sub-account on a phone on 上传票据, everyone else on the home grid', () => {
    const t = buildRouteTable(menus, ['transport', 'upload'])
    expect(landingPath(t, { nickName: '' }, true)).toBe('/upload/index')
    expect(landingPath(t, { nickName: '' }, false)).toBe('/by_agent/index')
    expect(landingPath(t, { nickName: 'admin' }, true)).toBe('/by_agent/index')
  })

  it('gives shell routes only with their permission', () => {
    expect(buildRouteTable(menus, ['transport']).shellRoutes.map((r) => r.path)).toContain('/traceDetail/index')
    expect(buildRouteTable(menus, []).shellRoutes.map((r) => r.path)).toEqual(['/profile/index'])
  })

  it('joins relative and absolute paths', () => {
    expect(joinPath('/agent', 'index')).toBe('/agent/index')
    expect(joinPath('/agent', '/other/index')).toBe('/other/index')
    expect(joinPath('/', '/agent/')).toBe('/agent')
  })
})

describe('page registry', () => {
  it('lists every component key of the contract', () => {
    expect(Object.keys(PAGE_REGISTRY).sort()).toEqual([...COMPONENT_KEYS].sort())
  })

  it('resolves unknown keys loudly and keys without a page as not available', () => {
    expect(resolveComponent('nope')).toEqual({ kind: 'unknown', key: 'nope' })
    // a menu section is never a page of its own
    expect(resolveComponent('Layout')).toEqual({ kind: 'missing', key: 'Layout' })
  })

  it('opens the log page, the same component each time (no remount on a re-render)', () => {
    const first = resolveComponent('log')
    const again = resolveComponent('log')
    expect(first.kind).toBe('page')
    expect(first.kind === 'page' && again.kind === 'page' && first.Page === again.Page).toBe(true)
  })
})

describe('redirects', () => {
  it('only follows paths of this site', () => {
    expect(safeRedirect('/agent/index?x=1')).toBe('/agent/index?x=1')
    expect(safeRedirect('https://evil.example')).toBe('/')
    expect(safeRedirect('//evil.example')).toBe('/')
    expect(safeRedirect('/login')).toBe('/')
    expect(safeRedirect(null)).toBe('/')
    expect(loginPathFor('/agent/index')).toBe('/login?redirect=%2Fagent%2Findex')
    expect(loginPathFor('/')).toBe('/login')
  })
})

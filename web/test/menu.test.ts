import { describe, expect, it } from 'vitest'
import { COMPONENT_KEYS, MENU_SEED, type MenuNode, type MenuSeed } from '@app/contract'
import { breadcrumbFor, buildRouteTable, joinPath } from '../src/router/menu'
import { PAGE_REGISTRY, resolveComponent } from '../src/router/registry'
import { loginPathFor, safeRedirect } from '../src/router/paths'

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

/**
 * ProLayout shell (spec 000 §2): collapsible 210 px sidebar (state remembered), navbar with
 * breadcrumb (not on phones), company, switcher and avatar menu, the tab bar of the pages opened,
 * the menu routes built from the server's tree.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom'
import { Modal } from 'antd'
import { usePhoneScreen } from '../components/phoneScreen'
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components'
import { Msg, SIDEBAR_WIDTH, type UserInfo } from '@app/contract'
import Landing from '../router/landing'
import { breadcrumbFor, buildRouteTable, type MenuEntry } from '../router/menu'
import { MenuPage, ShellPage } from '../router/pages'
import { NOT_FOUND_PATH } from '../router/paths'
import { menuIcon } from './icons'
import { useIdleTimer } from './idle'
import { AvatarMenu, CompanySwitcher, NavBreadcrumb } from './Navbar'
import PageTabs from './PageTabs'
import { endSession } from './session'
import { STORAGE_KEYS } from './storage'
import { PRODUCT_NAME } from './theme'

const toMenuData = (entries: MenuEntry[]): MenuDataItem[] =>
  entries.map((e) => ({
    key: e.path,
    path: e.path,
    name: e.title,
    icon: menuIcon(e.icon),
    children: e.children.length ? toMenuData(e.children) : undefined,
  }))

function useCollapsed(): [boolean, (v: boolean) => void] {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(STORAGE_KEYS.sidebarCollapsed) === '1')
  const set = useCallback((v: boolean) => {
    setCollapsed(v)
    localStorage.setItem(STORAGE_KEYS.sidebarCollapsed, v ? '1' : '0')
  }, [])
  return [collapsed, set]
}

/** Idle time-out: end the session here and on the server, tell the user; the guard goes to /login. */
function onIdle() {
  void endSession({ server: true })
  Modal.warning({ title: Msg.idleTitle, content: Msg.idleLogout, okText: Msg.confirm })
}

export default function BasicLayout({ info }: { info: UserInfo }) {
  const location = useLocation()
  const [collapsed, setCollapsed] = useCollapsed()
  const table = useMemo(() => buildRouteTable(info.menus, info.permissions), [info])
  const menuData = useMemo(() => toMenuData(table.menu), [table])
  const phone = usePhoneScreen()
  useIdleTimer({ onIdle })

  useEffect(() => {
    const trail = breadcrumbFor(table, location.pathname)
    const title = trail[trail.length - 1]?.title
    document.title = title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME
  }, [table, location.pathname])

  return (
    <ProLayout
      title={PRODUCT_NAME}
      logo="/favicon.svg"
      layout="mix"
      fixSiderbar
      fixedHeader
      siderWidth={SIDEBAR_WIDTH}
      breakpoint={false}
      collapsed={collapsed}
      onCollapse={setCollapsed}
      location={{ pathname: location.pathname }}
      route={{ path: '/', children: menuData }}
      menu={{ locale: false }}
      pageTitleRender={false}
      onMenuHeaderClick={() => undefined}
      menuHeaderRender={false}
      headerTitleRender={(logo, title) => <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>{logo}{title}</Link>}
      menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
      headerContentRender={() => (phone ? null : <NavBreadcrumb table={table} />)}
      actionsRender={() => [<CompanySwitcher key="company" info={info} />]}
      avatarProps={{
        src: info.avatar || undefined,
        icon: info.avatar ? undefined : menuIcon('user'),
        size: 'small',
        title: info.name || info.phone,
        render: (_props, dom) => <AvatarMenu dom={dom} />,
      }}
      token={{
        header: { colorBgHeader: '#ffffff', heightLayoutHeader: 56 },
        sider: { colorMenuBackground: '#ffffff' },
        pageContainer: { paddingBlockPageContainerContent: 20, paddingInlinePageContainerContent: 24 },
      }}
      contentStyle={{ padding: 20 }}
    >
      <PageTabs table={table} />
      <div key={info.companyId}>
        <Routes>
          <Route path="/" element={<Landing table={table} info={info} />} />
          {[...table.redirects].map(([from, to]) => (
            <Route key={`r:${from}`} path={from} element={<Navigate to={to} replace />} />
          ))}
          {[...table.pages.values()].map((entry) => (
            <Route key={entry.path} path={entry.path} element={<MenuPage entry={entry} />} />
          ))}
          {table.shellRoutes.map((r) => (
            <Route key={r.path} path={r.path} element={<ShellPage route={r} />} />
          ))}
          <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
        </Routes>
      </div>
    </ProLayout>
  )
}

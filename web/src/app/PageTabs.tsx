/**
 * The tab bar under the header: a tab for each menu page opened this session, titled from the menu; a
 * click goes back to the page as it was left (its query too), × closes it (never the home page's), the
 * open page's tab is highlighted. Not on phones.
 */
import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { Grid, Tabs } from 'antd'
import type { RouteTable } from '../router/menu'
import { closeTab, loadTabs, saveTabs, tidyTabs, visitTab, type PageTab } from './pageTabs'
import styles from './PageTabs.module.css'

export default function PageTabs({ table }: { table: RouteTable }) {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const phone = Grid.useBreakpoint().md === false
  const homeEntry = table.pages.get(table.home)
  const home = homeEntry && { path: homeEntry.path, title: homeEntry.title, url: homeEntry.path }
  const [tabs, setTabs] = useState(() => tidyTabs(loadTabs(), home, (p) => table.pages.has(p)))

  useEffect(() => {
    const entry = table.pages.get(pathname)
    setTabs((list) => {
      const known = tidyTabs(list, home, (p) => table.pages.has(p))
      return entry ? visitTab(known, { path: entry.path, title: entry.title, url: pathname + search }) : known
    })
    // the home tab is the table's: a new table (another base) brings it
  }, [table, pathname, search]) // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => saveTabs(tabs), [tabs])

  if (phone || tabs.length === 0) return null
  const close = (path: string) => {
    const { tabs: rest, next } = closeTab(tabs, path)
    setTabs(rest)
    if (path === pathname && next) navigate(next.url)
  }

  return (
    <section aria-label="已打开的页面" className={styles.bar}>
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        locale={{ removeAriaLabel: '关闭' }}
        activeKey={table.pages.has(pathname) ? pathname : ''}
        onChange={(path) => {
          const tab = tabs.find((t) => t.path === path)
          if (tab) navigate(tab.url)
        }}
        onEdit={(path, action) => { if (action === 'remove' && typeof path === 'string') close(path) }}
        items={tabs.map((t: PageTab) => ({
          key: t.path,
          label: t.title,
          closable: t.path !== home?.path && tabs.length > 1,
        }))}
      />
    </section>
  )
}

/**
 * The tab bar under the header: a tab for each menu page opened this session, titled from the menu; a
 * click goes back to the page as it was left (its query too), × closes it (never the home page's), the
 * open page's tab is highlighted. Not on phones (the stylesheet hides it).
 *
 * Plain buttons rather than antd's Tabs: rc-tabs put 10 kB (gzip) on every signed-in page's first load.
 */
import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { CloseOutlined } from '@ant-design/icons'
import type { RouteTable } from '../router/menu'
import { closeTab, loadTabs, saveTabs, tidyTabs, visitTab, type PageTab } from './pageTabs'
import styles from './PageTabs.module.css'

export default function PageTabs({ table }: { table: RouteTable }) {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
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

  if (tabs.length === 0) return null
  const close = (path: string) => {
    const { tabs: rest, next } = closeTab(tabs, path)
    setTabs(rest)
    if (path === pathname && next) navigate(next.url)
  }

  const active = table.pages.has(pathname) ? pathname : ''
  return (
    <section aria-label="已打开的页面" className={styles.bar}>
      <div className={styles.list}>
        {tabs.map((t: PageTab) => (
          <span key={t.path} className={t.path === active ? `${styles.tab} ${styles.active}` : styles.tab}>
            <button type="button" aria-current={t.path === active ? 'page' : undefined} className={styles.title} onClick={() => navigate(t.url)}>
              {t.title}
            </button>
            {t.path !== home?.path && tabs.length > 1 && (
              <button type="button" aria-label={`关闭 ${t.title}`} title="关闭" className={styles.close} onClick={() => close(t.path)}>
                <CloseOutlined />
              </button>
            )}
          </span>
        ))}
      </div>
    </section>
  )
}

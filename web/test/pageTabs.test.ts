/** The tab bar's tabs: added on a visit, kept up to date with the page's query, closed, tidied. */
import { describe, expect, it } from 'vitest'
import { closeTab, tidyTabs, visitTab, type PageTab } from '../src/app/pageTabs'

const tab = (path: string, url = path): PageTab => ({ path, title: path.slice(1), url })
const home = tab('/home')

describe('page tabs', () => {
  it('adds a page on its first visit and keeps its latest address (with the query) afterwards', () => {
    let tabs = visitTab([home], tab('/log'))
    tabs = visitTab(tabs, tab('/user'))
    tabs = visitTab(tabs, tab('/log', '/log?level=1&page=2'))
    expect(tabs.map((t) => t.url)).toEqual(['/home', '/log?level=1&page=2', '/user'])
    expect(visitTab(tabs, tab('/user'))).toBe(tabs)
  })

  it('closes a tab and says where to go: the tab after it, else the one before', () => {
    const tabs = [home, tab('/log'), tab('/user')]
    expect(closeTab(tabs, '/log')).toEqual({ tabs: [home, tab('/user')], next: tab('/user') })
    expect(closeTab(tabs, '/user')).toEqual({ tabs: [home, tab('/log')], next: tab('/log') })
    expect(closeTab(tabs, '/none').tabs).toBe(tabs)
  })

  it('puts the home tab first and drops pages the user may no longer open, and repeats', () => {
    const saved = [tab('/log', '/log?level=1'), tab('/gone'), tab('/home'), tab('/log')]
    expect(tidyTabs(saved, home, (p) => p !== '/gone')).toEqual([home, tab('/log', '/log?level=1')])
    expect(tidyTabs([], home, () => true)).toEqual([home])
  })
})

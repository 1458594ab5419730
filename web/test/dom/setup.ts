/**
 * What antd and ProComponents need of a browser that jsdom lacks, for the component tests (files that
 * start with `// @vitest-environment jsdom`); in the node environment of the other tests it does nothing.
 */
import { afterEach } from 'vitest'

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react')
  // Testing Library unmounts after each test only by itself when the test functions are global
  afterEach(cleanup)
  // findBy…/waitFor wait up to 1 s by default: a busy machine takes longer to render antd's trees
  configure({ asyncUtilTimeout: 15_000 })

  // antd's responsive grid and ProTable's layout ask for media queries: the width ones are answered for
  // the window's width (jsdom's 1024 px, a desktop), so a test sets innerWidth before rendering for a phone
  const widthMatches = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query)
    const max = /max-width:\s*([\d.]+)px/.exec(query)
    return !!(min || max) && (!min || window.innerWidth >= Number(min[1])) && (!max || window.innerWidth <= Number(max[1]))
  }
  window.matchMedia ??= (query: string) => ({
    matches: widthMatches(query), media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  })
  // antd's tables, overflow and textarea autosize observe their size
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  // jsdom throws "Not implemented" for the pseudo-element argument antd's scroll-bar measure passes
  const computedStyle = window.getComputedStyle.bind(window)
  window.getComputedStyle = (el: Element) => computedStyle(el)
  // rc-virtual-list and ProTable's sticky header scroll elements jsdom does not lay out
  Element.prototype.scrollTo ??= () => {}
  Element.prototype.scrollIntoView ??= () => {}
}

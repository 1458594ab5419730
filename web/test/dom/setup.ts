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

  // antd's responsive grid and ProTable's layout ask for media queries
  window.matchMedia ??= (query: string) => ({
    matches: false, media: query, onchange: null,
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

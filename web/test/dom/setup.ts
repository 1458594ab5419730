/**
 * What antd and ProComponents need of a browser that jsdom lacks, for the component tests (files that
 * start with `// @vitest-environment jsdom`); in the node environment of the other tests it does nothing.
 */
import { afterAll, afterEach, vi } from 'vitest'

if (typeof window !== 'undefined') {
  const { act, cleanup, configure } = await import('@testing-library/react')
  // Testing Library unmounts after each test only by itself when the test functions are global
  afterEach(cleanup)
  // the static toasts and dialogs (the request client's) live in a root of their own that cleanup does not
  // unmount: a toast closing on its timer after the file's jsdom was gone threw "window is not defined"
  await import('@ant-design/v5-patch-for-react-19')
  const { message, Modal, notification } = await import('antd')
  // inside act: what their unmounting schedules is done before the test ends, not left to React's scheduler,
  // which ran it after the file's jsdom was gone ("window is not defined" in a later file's run, seen once in CI)
  afterEach(async () => {
    await act(async () => {
      message.destroy()
      notification.destroy()
      Modal.destroyAll()
    })
  })
  // and what that (or any last render) scheduled runs while the window is still there
  afterAll(async () => {
    vi.useRealTimers()
    await new Promise((resolve) => setTimeout(resolve, 50))
  })
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

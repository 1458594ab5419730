/**
 * The app's history, able to hold a navigation while a page has work nobody saved (useUnsavedGuard).
 * Every way of leaving goes through it: the menu, the tab bar, links and 关闭 call push/replace/go,
 * the browser's back and forward arrive as a pop. A held push is asked about before it happens; a held
 * pop has already moved the address, so it is moved back quietly and then asked about.
 *
 * This replaces a data router's useBlocker: createBrowserRouter brought 18 kB (gzip) more to the login
 * page for this one feature.
 */
import { parsePath, type Location, type To, UNSAFE_createBrowserHistory } from 'react-router-dom'

type BaseHistory = ReturnType<typeof UNSAFE_createBrowserHistory>
type Update = Parameters<Parameters<BaseHistory['listen']>[0]>[0]

export interface LeaveGuard {
  /** whether going from `from` to `to` needs asking */
  holds(from: Location, to: { pathname: string }): boolean
  /** ask the user: `proceed` leaves (this once: the guard stays for the page), `stay` keeps the page */
  ask(proceed: () => void, stay: () => void): void
}

export interface GuardedHistory extends BaseHistory {
  /** set the page's guard; answers the call that removes it */
  guard(g: LeaveGuard): () => void
}

const target = (from: Location, to: To) => {
  const path = typeof to === 'string' ? parsePath(to) : to
  return { pathname: path.pathname ?? from.pathname }
}

export function guardHistory(base: BaseHistory): GuardedHistory {
  let current: LeaveGuard | null = null
  // the pop that undoes a held one, not to be shown or asked about
  let undoing = false
  // a question is up: another way out waits for its answer instead of asking again
  let asking = false
  // the user said leave: the navigation that follows goes through (a pop arrives after go() returns)
  let passing = false
  let passingPop = false
  const held = (to: { pathname: string }) => !passing && current !== null && current.holds(base.location, to)
  const leave = (go: () => void, viaPop = false) => {
    asking = true
    current!.ask(() => {
      asking = false
      if (viaPop) passingPop = true
      passing = true
      try { go() } finally { passing = false }
    }, () => { asking = false })
  }
  const pushOrReplace = (go: () => void, to: To) => {
    if (!held(target(base.location, to))) go()
    else if (!asking) leave(go)
  }

  return {
    get action() { return base.action },
    get location() { return base.location },
    push: (to: To, state?: unknown) => pushOrReplace(() => base.push(to, state), to),
    replace: (to: To, state?: unknown) => pushOrReplace(() => base.replace(to, state), to),
    listen(listener: (update: Update) => void) {
      let shown = base.location
      return base.listen((update) => {
        if (undoing) {
          undoing = false
          return
        }
        if (passingPop) passingPop = false
        else if (update.action === 'POP' && update.delta && current?.holds(shown, update.location)) {
          const delta = update.delta
          undoing = true
          base.go(-delta)
          if (!asking) leave(() => base.go(delta), true)
          return
        }
        shown = update.location
        listener(update)
      })
    },
    guard(g: LeaveGuard) {
      current = g
      return () => {
        if (current === g) current = null
      }
    },
    createHref: (to: To) => base.createHref(to),
    createURL: (to: To) => base.createURL(to),
    encodeLocation: (to: To) => base.encodeLocation(to),
    go: (delta: number) => base.go(delta),
  }
}

let appHistory: GuardedHistory | null = null
/** the browser's history, guarded; one for the app */
export function browserHistory() {
  appHistory ??= guardHistory(UNSAFE_createBrowserHistory({ v5Compat: true }))
  return appHistory
}

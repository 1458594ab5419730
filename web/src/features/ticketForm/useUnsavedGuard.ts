/**
 * A ticket form with changes nobody saved: leaving it for another page (关闭, the menu, the browser's
 * back) asks first, closing or reloading the tab gets the browser's own question, and the idle logout
 * is told about it (idle.ts: it says so in its countdown and runs `idle.save`, a 暂存, when given).
 */
import { useCallback, useContext, useEffect, useRef } from 'react'
import { App } from 'antd'
import { UNSAFE_NavigationContext } from 'react-router-dom'
import type { GuardedHistory } from '../../router/leaveGuard'
import { whenIdleLogout, type UnsavedWork } from '../../app/idle'
import { isLoggedIn } from '../../app/storage'

export const LEAVE_CONFIRM = '有未保存的修改，确定离开？'

/**
 * `dirty`: the form holds unsaved changes. Answers `release`, to call before leaving on purpose (after
 * a save), in the same event: the navigation that follows is not asked about.
 */
export function useUnsavedGuard(dirty: boolean, idle: UnsavedWork) {
  const { modal } = App.useApp()
  const guarded = useRef(dirty)
  guarded.current = dirty
  const idleWork = useRef(idle)
  idleWork.current = idle

  const history = useContext(UNSAFE_NavigationContext).navigator as Partial<GuardedHistory>
  useEffect(() => history.guard?.({
    // another page only: a change of the query (the upload's ?id=) is the same form
    holds: (from, to) => guarded.current && from.pathname !== to.pathname,
    ask: (proceed, stay) => {
      modal.confirm({ title: LEAVE_CONFIRM, onOk: proceed, onCancel: stay })
    },
  }), [history, modal])

  useEffect(() => {
    if (!dirty) return
    const ask = (e: BeforeUnloadEvent) => {
      // a session that has ended reloads the app on purpose: nothing is kept by asking
      if (!isLoggedIn()) return
      e.preventDefault()
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', ask)
    const unregister = whenIdleLogout({
      get note() { return idleWork.current.note },
      save: idleWork.current.save && (() => idleWork.current.save!()),
    })
    return () => {
      window.removeEventListener('beforeunload', ask)
      unregister()
    }
  }, [dirty])

  return useCallback(() => {
    guarded.current = false
  }, [])
}

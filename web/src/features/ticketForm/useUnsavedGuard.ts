/**
 * A ticket form with changes nobody saved: leaving it for another page (关闭, the menu, the browser's
 * back) asks first, closing or reloading the tab gets the browser's own question, and the idle logout
 * is told about it (idle.ts: it says so in its countdown and runs `idle.save`, a 暂存, when given).
 */
import { useCallback, useEffect, useRef } from 'react'
import { App } from 'antd'
import { useBlocker, type BlockerFunction } from 'react-router-dom'
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

  // another page only: a change of the query (the upload's ?id=) is the same form
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => guarded.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  )
  const blocker = useBlocker(shouldBlock)
  const blockerRef = useRef(blocker)
  blockerRef.current = blocker
  useEffect(() => {
    if (blocker.state !== 'blocked') return
    modal.confirm({
      title: LEAVE_CONFIRM,
      onOk: () => blockerRef.current.proceed?.(),
      onCancel: () => blockerRef.current.reset?.(),
    })
  }, [blocker.state, modal])

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

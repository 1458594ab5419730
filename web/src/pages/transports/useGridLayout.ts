/**
 * The grid layout of the signed-in user, kept on the server (`/users/settings/{key}`): loaded once and
 * restored onto the grid's columns, saved a moment after the user stops changing it (a resize drag
 * fires many changes), and saved at once when the page is left with a change pending.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { GridLayout, UserSettingKey } from '@app/contract'
import * as settingsApi from '../../api/userSettings'
import { defaultLayout, restoreLayout, sameLayout, type GridColumnSpec } from './gridLayout'

export const LAYOUT_SAVE_DELAY_MS = 800

export function useGridLayout(key: UserSettingKey, specs: readonly GridColumnSpec[]) {
  const [layout, setLayoutState] = useState<GridLayout>(() => defaultLayout(specs))
  const current = useRef(layout)
  const [loaded, setLoaded] = useState(false)
  const pending = useRef<GridLayout | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const specsRef = useRef(specs)
  specsRef.current = specs

  useEffect(() => {
    let cancelled = false
    // a layout that cannot be read leaves the default one (the grid works without it)
    settingsApi.getUserSetting(key, { silent: true })
      .then((saved) => {
        // a change the user already made wins over what was saved before
        if (cancelled || pending.current) return
        current.current = restoreLayout(specsRef.current, saved)
        setLayoutState(current.current)
      })
      .catch(() => undefined)
      .finally(() => { if (!cancelled) setLoaded(true) })
    return () => { cancelled = true }
  }, [key])

  const flush = useCallback(() => {
    clearTimeout(timer.current)
    const value = pending.current
    pending.current = null
    if (value) void settingsApi.putUserSetting(key, value, { cancelDuplicate: false }).catch(() => undefined)
  }, [key])

  useEffect(() => flush, [flush])

  const setLayout = useCallback((change: (layout: GridLayout) => GridLayout) => {
    const next = change(current.current)
    if (sameLayout(next, current.current)) return
    current.current = next
    setLayoutState(next)
    pending.current = next
    clearTimeout(timer.current)
    timer.current = setTimeout(flush, LAYOUT_SAVE_DELAY_MS)
  }, [flush])

  return { layout, setLayout, loaded }
}

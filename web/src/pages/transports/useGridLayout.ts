/**
 * The grid layout of the signed-in user, kept on the server (`/users/settings/{key}`): loaded once and
 * restored onto the grid's columns, saved a moment after the user stops changing it (a resize drag
 * fires many changes), and saved at once when the page is left with a change pending.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { GridLayout, UserSettingKey } from '@app/contract'
import * as settingsApi from '../../api/userSettings'
import { defaultLayout, restoreLayout, sameLayout, type GridColumnSpec } from './gridLayout'

export const LAYOUT_SAVE_DELAY_MS = 800

export function useGridLayout(key: UserSettingKey, specs: readonly GridColumnSpec[]) {
  const queryClient = useQueryClient()
  const queryKey = ['userSettings', key]
  // a layout that cannot be read leaves the default one (the grid works without it)
  const saved = useQuery({ queryKey, queryFn: ({ signal }) => settingsApi.getUserSetting(key, { silent: true, signal }) })
  // the grid opened again starts from the layout the cache holds, without a jump when it arrives
  const [layout, setLayoutState] = useState<GridLayout>(() => (saved.data !== undefined ? restoreLayout(specs, saved.data) : defaultLayout(specs)))
  const current = useRef(layout)
  const restored = useRef(saved.data !== undefined)
  const pending = useRef<GridLayout | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const specsRef = useRef(specs)
  specsRef.current = specs

  // the saved layout, once, when it first arrives; a change the user already made wins over it
  useEffect(() => {
    if (saved.data === undefined || restored.current) return
    restored.current = true
    if (pending.current) return
    current.current = restoreLayout(specsRef.current, saved.data)
    setLayoutState(current.current)
  }, [saved.data])

  const flush = useCallback(() => {
    clearTimeout(timer.current)
    const value = pending.current
    pending.current = null
    if (!value) return
    queryClient.setQueryData(['userSettings', key], value)
    void settingsApi.putUserSetting(key, value, { cancelDuplicate: false }).catch(() => undefined)
  }, [key, queryClient])

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

  return { layout, setLayout, loaded: !saved.isPending }
}

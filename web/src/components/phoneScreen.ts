import { useSyncExternalStore } from 'react'

/** antd's `md` breakpoint: below it the screen is a phone's (the width Grid.useBreakpoint().md turns false at). */
const PHONE_QUERY = '(max-width: 767.98px)'

const phoneQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null)

/** Whether the screen is a phone's now, for a decision taken once (a landing page, a form opening folded). */
export const isPhoneScreen = () => phoneQuery()?.matches ?? false

const watchPhoneScreen = (changed: () => void) => {
  const query = phoneQuery()
  query?.addEventListener('change', changed)
  return () => query?.removeEventListener('change', changed)
}

/**
 * Whether the screen is a phone's, following the window as it is resized or turned. Grid.useBreakpoint
 * would do the same but brings antd's grid to every page that asks.
 */
export const usePhoneScreen = () => useSyncExternalStore(watchPhoneScreen, isPhoneScreen, () => false)

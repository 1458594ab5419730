/** What the component tests share: the app's antd root around what they render, a user, and buttons found fast. */
import type { ReactElement, ReactNode } from 'react'
import { render, within } from '@testing-library/react'
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event'
import { ConfigProvider } from 'antd'
import AntdRoot from '../../src/app/AntdRoot'

/** The app's providers (Chinese locale, theme, App), without motion: a dialog closes at once, not after a transition jsdom never ends. */
function InApp({ children }: { children: ReactNode }) {
  return <AntdRoot><ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider></AntdRoot>
}

/** `rerender` keeps the providers around. */
export const renderInApp = (ui: ReactElement) => render(ui, { wrapper: InApp })

/** Clicks and typing without pauses, and without the pointer-events check that reads the style of every ancestor. */
export const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never })

/**
 * The button showing `text` (antd puts a space between two Chinese characters: /^查\s*询$/). getByRole
 * would work out the style of every element, seconds in jsdom with antd's trees.
 */
export const button = (where: HTMLElement, text: RegExp): HTMLButtonElement => {
  const found = within(where).getByText(text).closest('button')
  if (!found) throw new Error(`no button showing ${text}`)
  return found
}

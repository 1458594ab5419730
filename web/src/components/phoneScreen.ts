/** antd's `md` breakpoint: below it the screen is a phone's (the width Grid.useBreakpoint().md turns false at). */
const PHONE_QUERY = '(max-width: 767.98px)'

/** Whether the screen is a phone's now, for a decision taken once (a landing page, a form opening folded). */
export const isPhoneScreen = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches

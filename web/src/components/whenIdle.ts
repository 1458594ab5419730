/**
 * Runs `run` when the browser has nothing else to do (at the latest after 5 s; after 1 s where there
 * is no requestIdleCallback, as in Safari), e.g. to load what a screen may need later. Answers how to
 * call it off (an effect's clean-up).
 */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 5000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(run, 1000)
  return () => clearTimeout(id)
}

/**
 * Runs `task` `firstAfterMs` from now and then every `intervalMs`, one run at a time, without keeping
 * the process alive; a failure goes to `failed` and the next run comes as planned. `stop` waits for
 * a run under way, so the database can close after it.
 */
export function repeat(task: () => Promise<unknown>, failed: (err: Error) => void, intervalMs: number, firstAfterMs = intervalMs) {
  let running: Promise<unknown> | null = null
  const run = () => {
    running ??= task().catch(failed).finally(() => { running = null })
  }
  const first = setTimeout(run, firstAfterMs)
  const timer = setInterval(run, intervalMs)
  first.unref()
  timer.unref()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}

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
  let timer: NodeJS.Timeout | undefined
  // the interval starts with the first run: started together, both fired at once when they were equal
  const first = setTimeout(() => {
    run()
    timer = setInterval(run, intervalMs)
    timer.unref()
  }, firstAfterMs)
  first.unref()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}

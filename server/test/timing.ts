/**
 * What a test may assume about time (issue 31): the suite must pass on a machine busy with other
 * work, where the clock runs several times faster than the work does. So no test bounds how long
 * something takes on the clock (that is measured in bench/); a test that means "little work was
 * done" bounds the processor time spent instead, which other processes do not add to.
 */

/**
 * The time limit of a test that reads tickets (OCR) or walks every route: tens of seconds on a
 * quiet machine, several times that beside other work. Limits catch a test that hangs, nothing else.
 */
export const SLOW_TEST_MS = 10 * 60_000

/**
 * `work`'s answer and the processor time, in ms, this process spent meanwhile on every thread (the
 * server's, the embedded database's, sharp's and zlib's pool, the workers'): what it cost, not how
 * long the machine made it wait.
 */
export async function withCpuMs<T>(work: () => Promise<T> | T): Promise<{ value: T; cpuMs: number }> {
  const before = process.cpuUsage()
  const value = await work()
  const { user, system } = process.cpuUsage(before)
  return { value, cpuMs: (user + system) / 1000 }
}

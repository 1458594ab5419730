/** Small helpers of the demo data (demo/demo.ts and its parts): repeatable pseudo-random numbers and working-hour times. */

/**
 * The same sequence for the same seed, so every run of the demo makes the same data: `rand(n)` is
 * 0 … n-1, taken from the generator's high bits (its low bits repeat every few calls).
 */
export function seededRandom(seed: number) {
  let state = seed
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648
    return Math.floor((state / 2147483648) * n)
  }
}

/** A time `days` before `now` at `hour` o'clock China time (UTC+8), so entries fall in working hours. */
export function daysBefore(now: Date, days: number, hour: number, minute = 0) {
  const day = new Date(now.getTime() - days * 86_400_000)
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour - 8, minute))
}

/**
 * Work that follows a goods save without holding its answer: reading the photos' text and indexing
 * them for the photo search. Tests wait for it (`backgroundSettled`).
 */
const pending = new Set<Promise<void>>()

/** Runs `work` after the answer; a failure is reported to `failed` and ends there. */
export function inBackground(work: () => Promise<void>, failed: (err: Error) => void = () => undefined) {
  const job = work().catch(failed).finally(() => pending.delete(job))
  pending.add(job)
}

/** Resolves when every piece of work started so far has ended. */
export async function backgroundSettled() {
  while (pending.size) await Promise.allSettled([...pending])
}

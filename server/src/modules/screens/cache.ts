/**
 * Answers kept for a few seconds by key, shared by the requests that arrive meanwhile: fifty screens
 * of one scope polling cost one read of the figures per period, not fifty. A failed read is not kept.
 */
export class ShortCache<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V> }>()

  constructor(private readonly ttlMs: number, private readonly maxEntries = 1000) {}

  get(key: string, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const kept = this.entries.get(key)
    if (kept && now - kept.at < this.ttlMs) return kept.value
    const entry = { at: now, value: load() }
    this.entries.delete(key)
    this.entries.set(key, entry)
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key)
    })
    // the oldest first: a Map keeps its keys in the order they were set
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    return entry.value
  }

  /** Drops what is kept under `key` (a read whose answer must not be kept). */
  forget(key: string) {
    this.entries.delete(key)
  }
}

import type { Executor } from '../../db/client.js'
import type { TicketReader } from '../../ocr/reader.js'
import type { FileStore } from '../../platform/files.js'
import { photosOf, storePhotoText } from './service.js'

export interface PhotoTextDeps {
  db: Executor
  files: FileStore
  reader: TicketReader
}

/**
 * Reads the text on an item's photos after it is saved, in the OCR worker pool (never on the event loop),
 * and stores it for the description search. A save does not wait for it: the item is found by its name
 * and ticket number at once, by its photos' text a few seconds later. A photo that cannot be read adds nothing.
 */
/** readings under way in this process */
const pending = new Set<Promise<void>>()

/** Resolves when every reading started so far has ended (tests wait for it). */
export async function photoTextSettled() {
  while (pending.size) await Promise.allSettled([...pending])
}

export function photoTextReader(deps: PhotoTextDeps) {
  async function read(id: number) {
    const photos = await photosOf(deps.db, id)
    if (!photos) return
    const texts: string[] = []
    for (const sha of photos.blobs) {
      const bytes = await deps.files.get(sha)
      if (!bytes) continue
      // the stored copy, already re-encoded by sharp when it was uploaded (platform/pictures.ts)
      const reading = await deps.reader.analyze({ buffer: bytes, fileType: 1, formats: [], rules: [] }).catch(() => null)
      if (reading?.origin) texts.push(reading.origin.replace(/\s+/g, ' ').trim())
    }
    await storePhotoText(deps.db, id, photos.goodsPicIds, texts.join(' '))
  }

  return {
    /** starts reading an item's photos; the answer does not wait */
    schedule(id: number) {
      const job = read(id).catch(() => undefined).finally(() => pending.delete(job))
      pending.add(job)
    },
  }
}

import type { Executor } from '../../db/client.js'
import type { TicketReader } from '../../ocr/reader.js'
import type { FileStore } from '../../platform/files.js'
import { inBackground } from './background.js'
import { photoFilesOf, storePhotoText } from './service.js'

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
export function photoTextReader(deps: PhotoTextDeps) {
  async function read(id: number) {
    const item = await photoFilesOf(deps.db, id)
    if (!item) return
    const texts: string[] = []
    for (const { sha256 } of item.photos) {
      const bytes = await deps.files.get(sha256)
      if (!bytes) continue
      // the stored copy, already re-encoded by sharp when it was uploaded (platform/pictures.ts)
      const reading = await deps.reader.analyze({ buffer: bytes, fileType: 1, formats: [], rules: [] }).catch(() => null)
      if (reading?.origin) texts.push(reading.origin.replace(/\s+/g, ' ').trim())
    }
    await storePhotoText(deps.db, id, item.goodsPicIds, texts.join(' '))
  }

  return {
    /** starts reading an item's photos; the answer does not wait */
    schedule(id: number) {
      inBackground(() => read(id))
    },
  }
}

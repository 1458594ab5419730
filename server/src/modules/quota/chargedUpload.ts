import { consumeUploadTime, refundUploadTime } from './service.js'
import { writeLog } from '../logs/service.js'
import { discardAttachment, storeImage, type AttachmentDeps, type StoreFileInput } from '../../platform/attachments.js'
import type { SessionUser } from '../../platform/sessions.js'

type Picture = Awaited<ReturnType<typeof storeImage>>

export interface ChargedUpload<T> {
  /** the uploader: their base pays the upload time and owns the picture */
  auth: SessionUser & { phone?: string | null }
  /** the picture to keep as an attachment */
  picture: Omit<StoreFileInput, 'companyId' | 'userId' | 'fileType'> & { fileType?: number }
  /** what the upload is for (e.g. reading a ticket); runs while the picture is stored */
  work: () => Promise<T>
  /** the log entry of a success; `ms` since the upload time was taken */
  logDone: (result: T, ms: number) => { errorMes: string; level: 0 | 1; serialNumber?: string | null }
  /** the warning logged when the work or the store failed */
  logFailed: (err: Error) => string
}

/**
 * An upload that costs its base one upload time (spec 001 §8): the time is taken first (refused when
 * none is left), then the picture is stored while the work runs, and the outcome is logged. When the
 * work or the store fails, the picture is discarded, the upload time given back, a warning logged and
 * the error rethrown.
 */
export async function chargedUpload<T>(deps: AttachmentDeps, upload: ChargedUpload<T>) {
  const { auth } = upload
  const quota = await consumeUploadTime(deps.db, auth.companyId)
  const started = Date.now()
  const stored = storeImage(deps, { ...upload.picture, companyId: auth.companyId, userId: auth.userId })
  // its failure is answered below, after the work: until then it must not count as unhandled
  stored.catch(() => undefined)
  let result: T
  let picture: Picture
  try {
    result = await upload.work()
    picture = await stored
  } catch (err) {
    const kept = await stored.catch(() => null)
    if (kept) await discardAttachment(deps, kept.id)
    await refundUploadTime(deps.db, auth.companyId)
    await writeLog(deps.db, { companyId: auth.companyId, level: 1, phone: auth.phone ?? null, errorMes: upload.logFailed(err as Error) })
    throw err
  }
  await writeLog(deps.db, { companyId: auth.companyId, phone: auth.phone ?? null, ...upload.logDone(result, Date.now() - started) })
  return { result, picture, remainingTimes: quota.remainingTimes }
}

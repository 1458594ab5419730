import { consumeUploadTime, refundUploadTime } from './service.js'
import { writeLog } from '../logs/index.js'
import type { AttachmentDeps, storeEncodedPicture } from '../../platform/attachments.js'
import type { SessionUser } from '../../platform/sessions.js'

type Picture = Awaited<ReturnType<typeof storeEncodedPicture>>

export interface ChargedUpload<T> {
  /** the uploader: their base pays the upload time and owns the picture */
  auth: SessionUser & { phone?: string | null }
  /** what the upload is for (e.g. reading a ticket) */
  work: () => Promise<T>
  /** keeps the picture as an attachment of the uploader's base, after the work (which may have encoded it) */
  store: (result: T) => Promise<Picture>
  /** the log entry of a success; `ms` since the upload time was taken */
  logDone: (result: T, ms: number) => { errorMes: string; level: 0 | 1; serialNumber?: string | null }
  /** the warning logged when the work or the store failed */
  logFailed: (err: Error) => string
}

/**
 * An upload that costs its base one upload time (spec 001 §8): the time is taken first (refused when
 * none is left), then the work runs, the picture is stored and the outcome is logged. When the work
 * or the store fails, the upload time is given back, a warning logged and the error rethrown.
 */
export async function chargedUpload<T>(deps: AttachmentDeps, upload: ChargedUpload<T>) {
  const { auth } = upload
  const quota = await consumeUploadTime(deps.db, auth.companyId)
  const started = Date.now()
  let result: T
  let picture: Picture
  try {
    result = await upload.work()
    picture = await upload.store(result)
  } catch (err) {
    await refundUploadTime(deps.db, auth.companyId)
    await writeLog(deps.db, { companyId: auth.companyId, level: 1, phone: auth.phone ?? null, errorMes: upload.logFailed(err as Error) })
    throw err
  }
  await writeLog(deps.db, { companyId: auth.companyId, phone: auth.phone ?? null, ...upload.logDone(result, Date.now() - started) })
  return { result, picture, remainingTimes: quota.remainingTimes }
}

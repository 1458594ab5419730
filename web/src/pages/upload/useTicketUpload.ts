/**
 * One step's ticket: the photo picked, its upload with progress (上传中 x% → 识别中…), the reading
 * the server answered, or why it failed (a 400 is the server's message, shown as a warning).
 */
import { useCallback, useRef, useState } from 'react'
import { App } from 'antd'
import { ResultCode, UploadMsg, type TicketReadingAnswer, type TicketType } from '@app/contract'
import { isCanceled, isHandled, RequestError } from '../../api/request'
import * as transportsApi from '../../api/transports'
import { imageProblem } from '../../features/ticketPictures/tester'
import { shrinkPicture } from '../../features/ticketPictures/shrinkPicture'
import { readingOf, type Reading } from '../../features/ticketForm/uploadValues'

export type UploadPhase = 'idle' | 'uploading' | 'reading' | 'done' | 'failed'

export interface TicketUploadState {
  phase: UploadPhase
  /** upload progress 0-100 */
  percent: number
  /** the photo just picked (shown from the browser while it is read) */
  file: File | null
  reading: Reading | null
  /** a 400: the server's message (spec 001 §8) */
  warning: string | null
  error: string | null
}

const IDLE: TicketUploadState = { phase: 'idle', percent: 0, file: null, reading: null, warning: null, error: null }

/**
 * `onRead`: a reading arrived. `onLost`: the form holds a reading's values and the photo put in place
 * of that reading's was refused by the server (400), so those values no longer have a picture behind
 * them. A network failure clears nothing: the user tries again and keeps what they corrected.
 */
export function useTicketUpload(type: TicketType, onRead: (answer: TicketReadingAnswer, reading: Reading) => void, onLost?: () => void) {
  const { message } = App.useApp()
  const [state, setState] = useState<TicketUploadState>(IDLE)
  // a newer photo, a reset or a restore makes an answer still on its way stale
  const seq = useRef(0)
  const onReadRef = useRef(onRead)
  onReadRef.current = onRead
  const onLostRef = useRef(onLost)
  onLostRef.current = onLost
  // the form holds values a reading filled (kept across photos picked while one is still going up)
  const filledByReading = useRef(false)

  const upload = useCallback(async (file: File) => {
    const problem = imageProblem(file)
    if (problem) {
      message.error(problem, 5)
      return
    }
    const mine = ++seq.current
    const current = () => seq.current === mine
    setState({ ...IDLE, phase: 'uploading', file })
    try {
      // shrunk to what the server keeps: the preview stays the photo picked
      const sent = await shrinkPicture(file)
      if (!current()) return
      const answer = await transportsApi.analyzeTicket(type, sent, {
        silent: true,
        onUploadProgress: (percent) => {
          if (current()) setState((s) => ({ ...s, percent, phase: percent >= 100 ? 'reading' : 'uploading' }))
        },
      })
      if (!current()) return
      const reading = readingOf(type, answer)
      setState({ ...IDLE, phase: 'done', percent: 100, file, reading })
      message.success(UploadMsg.uploaded)
      filledByReading.current = true
      onReadRef.current(answer, reading)
    } catch (e) {
      if (!current() || isCanceled(e)) return
      const err = e as Error
      const badRequest = e instanceof RequestError && Number(e.code) === ResultCode.BAD_REQUEST
      setState({ ...IDLE, phase: 'failed', warning: badRequest ? err.message : null, error: badRequest || isHandled(e) ? null : err.message })
      if (!isHandled(e)) message.error(UploadMsg.uploadFailed)
      if (badRequest && filledByReading.current) {
        filledByReading.current = false
        onLostRef.current?.()
      }
    }
  }, [type, message])

  /** back to nothing (a reset after saving) */
  const reset = useCallback(() => {
    seq.current++
    filledByReading.current = false
    setState(IDLE)
  }, [])

  /** the picture of a transport being continued */
  const restore = useCallback((reading: Reading | null) => {
    seq.current++
    filledByReading.current = reading !== null
    setState(reading ? { ...IDLE, phase: 'done', percent: 100, reading } : IDLE)
  }, [])

  return { state, upload, reset, restore }
}

import { SmsMsg } from '@app/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import { smsOutbox } from '../db/schema/index.js'
import { AppError } from './errors.js'

export interface SmsProvider {
  send(phone: string, content: string): Promise<void>
}

/** Default: keep the message in the outbox table and the log (no SMS gateway configured). */
export function outboxSms(db: Db, log: FastifyBaseLogger): SmsProvider {
  return {
    async send(phone, content) {
      await db.insert(smsOutbox).values({ phone, content })
      log.info({ phone }, 'sms queued in outbox')
    },
  }
}

/** `SMS_WEBHOOK_URL`: POST `{ phone, content }` as JSON to an HTTP endpoint. */
export function webhookSms(url: string): SmsProvider {
  return {
    async send(phone, content) {
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone, content }),
          signal: AbortSignal.timeout(10_000),
        })
      } catch {
        throw new AppError(502, SmsMsg.unavailable)
      }
      if (!res.ok) throw new AppError(502, SmsMsg.gatewayError(res.status))
    },
  }
}

import { Msg, ResultCode } from '@app/contract'

/**
 * An error whose Chinese message is safe to show; `status` is the HTTP status, `code` the envelope code,
 * `data` what the answer carries beside the message (e.g. the transports already holding a ticket).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number = status,
    readonly data: unknown = null,
  ) {
    super(message)
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super(400, message)
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string = Msg.forbidden) {
    super(403, message)
  }
}
export class NotFoundError extends AppError {
  constructor(message: string = Msg.notFound) {
    super(404, message)
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message)
  }
}
export class TooLargeError extends AppError {
  constructor(message: string) {
    super(413, message)
  }
}
export class RateLimitError extends AppError {
  constructor(message: string = Msg.tooMany) {
    super(429, message)
  }
}

export type SessionCode = typeof ResultCode.ILLEGAL_TOKEN | typeof ResultCode.OTHER_CLIENT | typeof ResultCode.TOKEN_EXPIRED
const sessionMessages: Record<SessionCode, string> = {
  [ResultCode.ILLEGAL_TOKEN]: Msg.sessionIllegal,
  [ResultCode.OTHER_CLIENT]: Msg.sessionElsewhere,
  [ResultCode.TOKEN_EXPIRED]: Msg.sessionExpired,
}
export class SessionError extends AppError {
  constructor(code: SessionCode) {
    super(401, sessionMessages[code], code)
  }
}

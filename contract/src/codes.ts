/** The `code` of the `{ code, message, data }` envelope. HTTP status mirrors it except for session codes (HTTP 401). */
export const ResultCode = {
  OK: 200,
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  TOO_MANY: 429,
  INTERNAL: 500,
  /** token unknown, malformed or logged out */
  ILLEGAL_TOKEN: 50008,
  /** session ended by someone else: forced logout, password change, company membership removed */
  OTHER_CLIENT: 50012,
  /** idle time-out */
  TOKEN_EXPIRED: 50014,
  /**
   * HTTP 400: an encrypted password the server cannot use any more (its key changed, or it was encrypted
   * too long ago). The client fetches the public key again and re-encrypts; a replayed one is a plain 400.
   */
  PASSWORD_STALE: 40001,
  /**
   * HTTP 409: the ticket of a transport being saved is already on another transport of the company;
   * `data` lists them (DuplicateTicket[]). Saving again with `confirmDuplicate: true` goes through.
   */
  DUPLICATE_TICKET: 40901,
} as const
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode]

export const SESSION_CODES: readonly number[] = [ResultCode.ILLEGAL_TOKEN, ResultCode.OTHER_CLIENT, ResultCode.TOKEN_EXPIRED]

export interface Envelope<T = unknown> {
  code: number
  message: string
  data: T
}

export interface Page<T> {
  data: T[]
  totalCount: number
}

/** Headquarters (the platform operator) is company 1: sees every base, cannot be edited or deregistered. */
export const HQ_COMPANY_ID = 1

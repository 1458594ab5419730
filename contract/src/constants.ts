/** Idle time-out: 30 minutes without clicks, checked every 5 seconds (spec 001 §9). */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000
export const IDLE_CHECK_INTERVAL_MS = 5 * 1000
/** A remembered login keeps its session for 7 days. */
export const REMEMBER_SESSION_MS = 7 * 24 * 60 * 60 * 1000
/** However active, a session ends this long after its login (50014). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000
export const REQUEST_TIMEOUT_MS = 60 * 1000
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 64
export const SIDEBAR_WIDTH = 210
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50, 100]
export const DEFAULT_PAGE_SIZE = 20
/** The most rows one page of a list offers (the spec's lists); a larger request is refused. */
export const LIST_MAX_PAGE_SIZE = 100
/** The transport grid is the one list that offers more rows a page; nothing pages larger. */
export const TRANSPORT_MAX_PAGE_SIZE = 100_000
/** The grid's page size until the user picks another (spec 001 §9); here, not beside the grid's schemas, so the login page's early first page does not bring zod. */
export const TRANSPORT_DEFAULT_PAGE_SIZE = 100
/** An encrypted password's ts older than this is refused (replay protection). */
export const PASSWORD_TS_MAX_AGE_MS = 5 * 60 * 1000
/**
 * Sign-in attempts: `failures` per user name and client address in `windowMs` lock that pair for
 * `lockMs`; `perUserFailures` across every address lock the user name itself.
 */
export const LOGIN_LOCK = { failures: 5, perUserFailures: 30, windowMs: 10 * 60 * 1000, lockMs: 10 * 60 * 1000 }
/** Password-reset codes: `attempts` guesses per code, `guessesPerDay` per phone across all codes and addresses. */
export const SMS_CODE = { length: 6, ttlMs: 5 * 60 * 1000, resendMs: 60 * 1000, perDay: 10, attempts: 5, guessesPerDay: 20 }
export const SMS_CODE_RE = new RegExp(`^\\d{${SMS_CODE.length}}$`)
/** An 11-digit mainland mobile number (here, not in zod.ts, so that the login route can check one without zod). */
export const MOBILE_RE = /^1[3-9]\d{9}$/
/** Token login (`?token=`): single use, short lived. */
export const LOGIN_TOKEN_TTL_MS = 2 * 60 * 1000
/** A ticket photo (upload, analysis, rule tester): JPG/PNG/WebP up to this size. */
export const TICKET_MAX_BYTES = 15 * 1024 * 1024
/** A spreadsheet to import (users). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024
/** Size of a file in whole megabytes, for messages: `${megabytes(TICKET_MAX_BYTES)}MB`. */
export const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024)
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss'

import { Readable } from 'node:stream'
import { Msg, requestPartInvalid, RequestMsg, type Envelope } from '@app/contract'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError } from './errors.js'

const ENVELOPED = Symbol('enveloped')

/** A handler's answer with its own success message, e.g. `return done(row, Msg.created)`. */
export function done<T>(data: T, message: string = Msg.ok): Envelope<T> {
  return Object.assign({ code: 200, message, data }, { [ENVELOPED]: true })
}

/** bytes a piece of a streamed JSON answer */
const JSON_BLOCK_BYTES = 1 << 20

/**
 * The rows joined by commas as UTF-8, a block at a time: each row is written into a block made once
 * (Buffer.from or a join for each of 100,000 rows costs seconds; writing them costs milliseconds).
 * A piece larger than a block (a page the database joined into one value) is encoded on its own.
 */
function* jsonBlocks(open: string, rows: string[], close: string) {
  let block = Buffer.allocUnsafe(JSON_BLOCK_BYTES)
  let used = block.write(open)
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!
    // a UTF-16 code unit takes at most 3 bytes in UTF-8; the comma 1
    if (used + row.length * 3 + 1 > JSON_BLOCK_BYTES) {
      yield block.subarray(0, used)
      if (row.length * 3 + 1 > JSON_BLOCK_BYTES) {
        yield Buffer.from(i ? `,${row}` : row)
        block = Buffer.allocUnsafe(JSON_BLOCK_BYTES)
        used = 0
        continue
      }
      block = Buffer.allocUnsafe(JSON_BLOCK_BYTES)
      used = 0
    }
    if (i) used += block.write(',', used)
    used += block.write(row, used)
  }
  yield block.subarray(0, used)
  yield Buffer.from(close)
}

/**
 * Answers `{ code, message, data: { data: [rows], totalCount } }` around rows the database wrote as
 * JSON text, streamed a block at a time: `data: [rows]` without a total, and a PackedPage
 * (`data: { columns, totalCount, rows: [rows] }`, rows last: see packedPageStart) with `columns`.
 */
export function sendJsonRows(reply: FastifyReply, rows: string[], totalCount?: number, columns?: readonly string[]) {
  const data = totalCount == null ? '['
    : columns ? `{"columns":${JSON.stringify(columns)},"totalCount":${totalCount},"rows":[` : '{"data":['
  const open = `{"code":200,"message":${JSON.stringify(Msg.ok)},"data":${data}`
  const close = totalCount == null ? ']}' : columns ? ']}}' : `],"totalCount":${totalCount}}}`
  return reply.type('application/json; charset=utf-8').send(Readable.from(jsonBlocks(open, rows, close), { objectMode: false }))
}

/** An error answer; marked so the success wrapper leaves it alone. */
const failure = (code: number, message: string, data: unknown = null) => Object.assign({ code, message, data }, { [ENVELOPED]: true })


/** Wraps every JSON answer of the API's modules in `{ code, message, data }` (not the OpenAPI document). */
export function wrapAnswers(api: FastifyInstance) {
  api.addHook('preSerialization', async (_req, _reply, payload: unknown) => {
    if (payload && typeof payload === 'object' && (payload as Record<symbol, unknown>)[ENVELOPED]) return payload
    return { code: 200, message: Msg.ok, data: payload ?? null }
  })
}

/** Turns every error, and every unknown route, into a Chinese 4xx/5xx envelope. */
export function registerErrorAnswers(app: FastifyInstance, pageFallback?: (req: FastifyRequest, reply: FastifyReply) => boolean) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0]
      const message = first?.message || requestPartInvalid(err.validationContext)
      return reply.status(400).send(failure(400, message))
    }
    if (err instanceof AppError) {
      return reply.status(err.status).send(failure(err.code, err.message, err.data))
    }
    const status = err.statusCode ?? 500
    if (status < 500) {
      // fastify's own client errors (bad JSON, wrong content type, body too large, multipart limits)
      const message = clientErrorMessage(err)
      return reply.status(status).send(failure(status, message))
    }
    req.log.error({ err }, 'unhandled error')
    return reply.status(500).send(failure(500, `${Msg.internal}（日志编号 ${req.id}）`))
  })

  app.setNotFoundHandler((req, reply) => {
    if (pageFallback?.(req, reply)) return
    reply.status(404).send(failure(404, `${Msg.routeNotFound}：${req.method} ${req.url.split('?')[0]}`))
  })
}

function clientErrorMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return RequestMsg.invalidJson
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return RequestMsg.unsupportedType
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return RequestMsg.tooLarge
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return RequestMsg.notMultipart
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return RequestMsg.oneFile
    default:
      return err.statusCode === 429 ? Msg.tooMany : RequestMsg.invalid
  }
}

import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { TooLargeError, ValidationError } from './errors.js'

export interface UploadedFile {
  buffer: Buffer
  filename: string
  /** multipart form fields sent before the file */
  field(name: string): string | undefined
}

/** Reads the one file of a multipart request, refusing a missing file or one over `maxBytes` in Chinese. */
export async function readUploadedFile(req: FastifyRequest, maxBytes: number, messages: { empty: string; tooLarge: string }): Promise<UploadedFile> {
  if (!req.isMultipart()) throw new ValidationError(messages.empty)
  const part: MultipartFile | undefined = await req.file({ limits: { fileSize: maxBytes, files: 1 } })
  if (!part) throw new ValidationError(messages.empty)
  let buffer: Buffer
  try {
    buffer = await part.toBuffer()
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new TooLargeError(messages.tooLarge)
    throw err
  }
  return {
    buffer,
    filename: part.filename,
    field(name) {
      const f = part.fields[name] as { value?: unknown } | { value?: unknown }[] | undefined
      const v = Array.isArray(f) ? f[0]?.value : f?.value
      return typeof v === 'string' && v.trim() ? v.trim() : undefined
    },
  }
}

import crypto from 'node:crypto'

/**
 * The signature of the project's signed links (a public page that must not answer a guessable number
 * alone, DESIGN §5): an HMAC-SHA256 of the link's parts under a key derived from a secret only the server
 * holds and the link's purpose, cut to 18 bytes in base64url (24 characters). No table of links is
 * needed: the server signs what the link says and checks it again when the link is opened.
 */
export function linkSignature(secret: string, purpose: string, parts: readonly string[]): string {
  const key = crypto.createHmac('sha256', secret).update(purpose).digest()
  return crypto.createHmac('sha256', key).update(parts.join('\n')).digest().subarray(0, 18).toString('base64url')
}

/** Whether a presented signature is the expected one, in constant time. */
export function signatureMatches(expected: string, presented: string): boolean {
  const want = Buffer.from(expected)
  const got = Buffer.from(presented)
  return want.length === got.length && crypto.timingSafeEqual(want, got)
}

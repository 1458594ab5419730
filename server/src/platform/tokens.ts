import crypto from 'node:crypto'

export const newToken = () => crypto.randomBytes(32).toString('base64url')
export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex')

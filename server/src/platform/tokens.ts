import crypto from 'node:crypto'

export const newToken = () => crypto.randomBytes(32).toString('base64url')

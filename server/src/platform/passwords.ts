import { Msg, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@app/contract'
import { hash, verify } from '@node-rs/argon2'
import { ValidationError } from './errors.js'

// argon2id, OWASP's minimum profile: ~20 ms a hash here, so a login stays well under its 150 ms budget
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 }

export const hashPassword = (plain: string) => hash(plain, options)
export const verifyPassword = (hashed: string, plain: string) => verify(hashed, plain).catch(() => false)

/** A hash to verify against when the user does not exist, so timing does not reveal which user names exist. */
let dummy: Promise<string> | undefined
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password'))

/** Rules for a new password once decrypted (spec 000 §5): every way of setting one checks them. */
export function assertPasswordRules(plain: string) {
  if (plain.length < PASSWORD_MIN_LENGTH) throw new ValidationError(Msg.passwordTooShort)
  if (plain.length > PASSWORD_MAX_LENGTH) throw new ValidationError(Msg.passwordTooLong)
}

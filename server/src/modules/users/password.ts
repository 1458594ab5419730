import { Msg, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@app/contract'
import { ValidationError } from '../../platform/errors.js'

/** Rules for a new password once decrypted (spec 000 §5). */
export function assertPasswordRules(plain: string) {
  if (plain.length < PASSWORD_MIN_LENGTH) throw new ValidationError(Msg.passwordTooShort)
  if (plain.length > PASSWORD_MAX_LENGTH) throw new ValidationError(Msg.passwordTooLong)
}

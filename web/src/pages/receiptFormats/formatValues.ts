/** Pure logic of the format form (unit-tested in web/test/tickets.test.ts). */
import type { ReceiptFormatBody, TicketField, TicketType } from '@app/contract'
import { keepFieldsOfType } from '../../components/ticketFields'

/** spec 001 §8: the confirmation before a format (and with it all its rules) is deleted; title 提示 */
export const DELETE_FORMAT_CONFIRM = '是否确定删除该票据格式，如果删除该票据格式，该票据格式下所有取值规则将会被删除。'

const trimmed = (s: string | null | undefined) => (s ?? '').trim()

/** The form's values as the save/update body: text trimmed, required fields only of the chosen type. */
export function formatBody(values: {
  name: string
  type: TicketType
  regular?: string | null
  rankcom: number | string | null
  excludeKeywords?: string | null
  requiredFields?: readonly string[] | null
  description?: string | null
}): ReceiptFormatBody {
  return {
    name: trimmed(values.name),
    type: values.type,
    regular: trimmed(values.regular),
    rankcom: Number(values.rankcom ?? 0),
    excludeKeywords: trimmed(values.excludeKeywords),
    requiredFields: keepFieldsOfType(values.requiredFields, values.type) as TicketField[],
    description: trimmed(values.description),
  }
}

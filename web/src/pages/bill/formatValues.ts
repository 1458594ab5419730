/** Pure logic of the format form (unit-tested in web/test/tickets.test.ts). */
import type { ReceiptFormatBody, TicketField, TicketType } from '@app/contract'
import { keepFieldsOfType } from '../../components/ticketFields'

/** spec 001 §8: the confirmation before a format (and with it all its rules) is deleted; title 提示 */
export const DELETE_FORMAT_CONFIRM = '是否确定删除该票据格式，如果删除该票据格式，该票据格式下所有取值规则将会被删除。'

export const RANK_MIN = 0
export const RANK_MAX = 10_000

/** The server's messages for 权重 (contract int('权重', 0, 10000)); null when fine. */
export function rankProblem(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return '权重不能为空'
  const n = typeof v === 'number' ? v : Number(String(v).trim())
  if (!Number.isFinite(n) || !Number.isInteger(n)) return '权重必须是整数'
  if (n < RANK_MIN) return `权重不能小于${RANK_MIN}`
  if (n > RANK_MAX) return `权重不能大于${RANK_MAX}`
  return null
}

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

/** Match-rule keywords as the reader splits them (, ， spaces separate groups; | alternatives). */
export const splitKeywords = (s: string | null | undefined): string[] =>
  (s ?? '').split(/[,，\s]+/).map((k) => k.trim()).filter(Boolean)

/**
 * Quantities as the stock screens show and take them: the server's decimal text ('12.500', thousandths
 * of a unit) shown without trailing zeros, and a count's difference worked out in integer thousandths
 * (contract parseQuantity / formatQuantity), never in floating point.
 */
import { fieldCheck, formatQuantity, parseQuantity, stockTakeBody } from '@app/contract'

/** '12.500' → '12.5', '-3.000' → '-3', '0.000' → '0' */
export function quantityText(q: string): string {
  return q.includes('.') ? q.replace(/0+$/, '').replace(/\.$/, '') : q
}

const line = stockTakeBody.shape.lines.element.shape
/** What is wrong with a counted quantity as typed, in the server's words, or null. */
export const countedProblem = (typed: string): string | null => fieldCheck(line.counted).problem(typed)
/** What is wrong with a difference's reason as typed (its length), or null. */
export const reasonProblem = (typed: string): string | null => fieldCheck(line.reason).problem(typed)

/**
 * The difference of a count (counted − book) as text with its sign ('+2', '-0.5', '0'), or null
 * while the counted quantity is blank or not a valid quantity.
 */
export function countDifference(book: string, typed: string): string | null {
  if (!typed.trim() || countedProblem(typed) !== null) return null
  const diff = parseQuantity(typed.trim()) - parseQuantity(book)
  const text = quantityText(formatQuantity(diff))
  return diff > 0 ? `+${text}` : text
}

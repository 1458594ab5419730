/**
 * The sale form's arithmetic, exact as the server's: a price typed in yuan becomes fen from its digits
 * (parseYuan), a quantity becomes thousandths (the contract's schema), and a line's amount is the
 * contract's lineAmount, so the running total shown is the total the server will answer.
 */
import { formatYuan, lineAmount, parseYuan, PRICE_MAX_FEN, quantity, type Material, type SaleBody, type SaleRequest } from '@app/contract'

export interface SaleLineValues {
  materialId?: number
  /** as typed, e.g. '1.5' */
  quantity?: string
  /** yuan as typed, e.g. '12.50' */
  price?: string
}

export interface SaleFormValues {
  customer?: string
  reportId?: number
  paymentMethod?: SaleBody['paymentMethod']
  lines?: SaleLineValues[]
  remark?: string
}

const quantitySchema = quantity('数量')

/** A typed quantity in thousandths, or null when it is not a valid quantity. */
export function quantityOf(text: string | undefined): number | null {
  if (text == null) return null
  const parsed = quantitySchema.safeParse(text)
  return parsed.success ? parsed.data : null
}

/** A typed price in fen, or null when it is not an amount of yuan with at most 2 decimals (or is too high). */
export function priceOf(text: string | undefined): number | null {
  if (text == null) return null
  const fen = parseYuan(text)
  return fen != null && fen <= PRICE_MAX_FEN ? fen : null
}

/** A line's amount in fen; null until its quantity and price are both valid. */
export function lineAmountOf(line: SaleLineValues | undefined): number | null {
  const q = quantityOf(line?.quantity)
  const p = priceOf(line?.price)
  return q == null || p == null ? null : lineAmount(p, q)
}

/** The running total in fen of the lines that are complete, and how many are not yet. */
export function saleTotalOf(lines: readonly (SaleLineValues | undefined)[] | undefined): { total: number; incomplete: number } {
  let total = 0
  let incomplete = 0
  for (const line of lines ?? []) {
    const amount = lineAmountOf(line)
    if (amount == null) incomplete += 1
    else total += amount
  }
  return { total, incomplete }
}

/** ¥ and yuan with 2 decimals, a refund's minus before the ¥ (-¥24.70). */
export const yuanText = (fen: number) => `${fen < 0 ? '-' : ''}¥${formatYuan(Math.abs(fen))}`

/** A material's list price as the price field's yuan text. */
export const listPriceText = (m: Pick<Material, 'listPrice'>) => formatYuan(m.listPrice)

/** The form's values as the sale's body (the form has checked them): prices in fen, quantities as typed. */
export function saleBodyOf(v: SaleFormValues): SaleRequest {
  return {
    customer: (v.customer ?? '').trim(),
    reportId: v.reportId ?? undefined,
    paymentMethod: v.paymentMethod!,
    lines: (v.lines ?? []).map((l) => ({ materialId: l.materialId!, quantity: (l.quantity ?? '').trim(), price: priceOf(l.price)! })),
    remark: v.remark?.trim() || undefined,
  }
}

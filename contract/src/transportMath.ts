/**
 * The weight arithmetic of a transport (spec 001 §4, DESIGN §5), shared by the upload form and the
 * server, which recomputes everything on save whatever the client sent. Weights are tons with two
 * decimals; sums are done in hundredths so that 0.1 + 0.2 stays 0.3.
 */

/** Net weight sanity range in tons (spec 001 §9): outside it the field is marked red. */
export const NET_WEIGHT_RANGE = { min: 15, max: 80 } as const
/** Fallback weight per bag in tons (spec 001 §9). */
export const TONS_PER_BAG = 0.05
/** Default pound-difference tolerance: |poundDiff| ≥ 1 t is flagged (spec 001 §9). */
export const POUND_DIFF_LIMIT_TONS = 1
/** A saved weight this far (tons) from what the ticket reading found counts as modified (DESIGN §5). */
export const MODIFIED_WEIGHT_LIMIT_TONS = 1
/** The main receipt is the first receiving place; extra destinations are the 2nd to the 9th. */
export const MAX_EXTRA_DESTINATIONS = 8

const hundredths = (tons: number) => Math.round(tons * 100)

/** Rounds to 2 decimals (tons). */
export const round2 = (tons: number) => hundredths(tons) / 100

/** Sum of weights in tons, exact to the hundredth; empty values count as 0. */
export const sumTons = (...tons: (number | null | undefined)[]) =>
  tons.reduce<number>((sum, t) => sum + hundredths(t ?? 0), 0) / 100

/** Empty, zero or outside 15-80 t: the upload form marks the field red. */
export const netWeightSuspicious = (net: number | null | undefined) =>
  net == null || Number.isNaN(net) || net === 0 || net < NET_WEIGHT_RANGE.min || net > NET_WEIGHT_RANGE.max

/**
 * What a suspicious net weight becomes after a reading (spec 001 §4): 0.05 t a bag when bags > 0,
 * otherwise 0. A plausible weight is kept.
 */
export function netWeightAfterReading(net: number | null | undefined, bags: number | null | undefined): { value: number; flagged: boolean } {
  if (!netWeightSuspicious(net)) return { value: round2(net!), flagged: false }
  return { value: bags != null && bags > 0 ? round2(TONS_PER_BAG * bags) : 0, flagged: true }
}

/** Total receiving net: the first receiving place plus every extra destination. */
export const receivingTotal = (firstNet: number | null | undefined, destinations: readonly { weight?: number | null }[]) =>
  sumTons(firstNet, ...destinations.map((d) => d.weight))

/** poundDiff = delivery net − receiving total net (DESIGN §5). */
export const poundDiff = (deliveryNet: number | null | undefined, receivingTotalNet: number | null | undefined) =>
  sumTons(deliveryNet, -(receivingTotalNet ?? 0))

/**
 * Pound-difference tolerance of a settlement unit: an absolute number of tons, or per mille of the
 * delivery net weight. Default: the spec's 1 t.
 */
export type ToleranceUnit = 'ton' | 'permille'
export interface Tolerance { unit: ToleranceUnit; value: number }
export const DEFAULT_TOLERANCE: Tolerance = { unit: 'ton', value: POUND_DIFF_LIMIT_TONS }
export const TOLERANCE_UNITS: Record<ToleranceUnit, string> = { ton: '吨', permille: '‰（按发货净重）' }

export const toleranceTons = (tolerance: Tolerance, deliveryNet: number | null | undefined) =>
  tolerance.unit === 'ton' ? tolerance.value : round2(((deliveryNet ?? 0) * tolerance.value) / 1000)

/** |poundDiff| at or over the tolerance: red in the form, pink/red in the grid, an SMS. */
export const poundDiffOver = (diff: number | null | undefined, tolerance: Tolerance = DEFAULT_TOLERANCE, deliveryNet?: number | null) =>
  diff != null && Math.abs(diff) >= toleranceTons(tolerance, deliveryNet) - 1e-9

/** The weights compared with their ticket reading for dangerLevel 2. */
export const READ_WEIGHT_FIELDS = [
  'deliveryNetWeight', 'deliveryGrossWeight', 'deliveryTareWeight',
  'signFirstNetWeight', 'signGrossWeight', 'signTareWeight',
] as const

/** Danger levels (spec 001 §2): 1 pink (pound difference too large), 2 yellow (modified too much), 3 red (both). */
export const DANGER_LEVELS = {
  1: { label: '磅差过大', color: '#ffd6e7' },
  2: { label: '修改量过大', color: '#fff1b8' },
  3: { label: '磅差过大且修改量过大', color: '#ffa39e' },
} as const
export type DangerLevel = keyof typeof DANGER_LEVELS

/**
 * dangerLevel (DESIGN §5): 1 when |poundDiff| ≥ tolerance; 2 when a saved weight differs from its
 * reading by ≥ 1 t; 3 both; null when neither.
 */
export function dangerLevel(input: {
  poundDiff: number | null
  deliveryNetWeight: number | null
  tolerance?: Tolerance
  saved: Partial<Record<(typeof READ_WEIGHT_FIELDS)[number], number | null>>
  read: Partial<Record<(typeof READ_WEIGHT_FIELDS)[number], number | null>>
}): DangerLevel | null {
  const pound = poundDiffOver(input.poundDiff, input.tolerance, input.deliveryNetWeight)
  const modified = READ_WEIGHT_FIELDS.some((f) => {
    const saved = input.saved[f]
    const read = input.read[f]
    return saved != null && read != null && Math.abs(sumTons(saved, -read)) >= MODIFIED_WEIGHT_LIMIT_TONS
  })
  return pound && modified ? 3 : pound ? 1 : modified ? 2 : null
}

const NUMERALS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九']
/** 第二收货地 … 第九收货地: `ordinal` is the place's number, the main receipt being 1. */
export const destinationName = (ordinal: number) => `第${NUMERALS[ordinal] ?? ordinal}收货地`

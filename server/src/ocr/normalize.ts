/** Text normalisation for OCR output: width folding, colons, numbers, units, dates, plates. */

/** full-width ASCII range and ideographic space to half-width */
export function toHalfWidth(s: string): string {
  let out = ''
  for (const ch of s) {
    const c = ch.charCodeAt(0)
    if (c === 0x3000) out += ' '
    else if (c >= 0xff01 && c <= 0xff5e) out += String.fromCharCode(c - 0xfee0)
    else out += ch
  }
  return out
}

const CJK = '\\u3400-\\u9fff'
const RE_CJK_SPACE = new RegExp(`([${CJK}])\\s+(?=[${CJK}])`, 'g')

/**
 * Line-level normalisation: half-width, unify colons and dots, collapse spaces, remove spaces
 * between two Chinese characters ("车  号" -> "车号").
 */
export function normalizeText(s: string): string {
  let t = toHalfWidth(s)
  t = t.replace(/[∶︰﹕：]/g, ':').replace(/[。·•・]/g, (m) => (m === '。' ? '.' : '·'))
  t = t.replace(/[（]/g, '(').replace(/[）]/g, ')').replace(/[—–－]/g, '-')
  t = t.replace(/\s+/g, ' ').trim()
  t = t.replace(RE_CJK_SPACE, '$1')
  return t
}

/** key used to compare strings: no white space, no plate separator, half-width */
export function compareKey(s: string): string {
  return toHalfWidth(String(s)).replace(/[\s·•・.]/g, (m) => (m === '.' ? '.' : '')).trim()
}

/** fix letters OCR confuses with digits, only inside something that is clearly a number */
export function fixDigits(s: string): string {
  return s.replace(/[0-9OoDlI|Il.,]+/g, (run) => {
    // only touch runs that contain at least one real digit
    if (!/\d/.test(run)) return run
    return run.replace(/[OoD]/g, '0').replace(/[lI|]/g, '1').replace(/,/g, '.')
  })
}

export type WeightUnit = 't' | 'kg'

/** parse a unit word found in a label like 毛重(kg) or after a value */
export function parseUnit(s: string | undefined | null): WeightUnit | null {
  if (!s) return null
  const t = s.trim().toLowerCase()
  if (/^(kg|公斤|千克)$/.test(t)) return 'kg'
  if (/^(t|吨|噸)$/.test(t)) return 't'
  return null
}

/**
 * Parse a weight to tons with 2 decimals. Accepts "54.28吨", "54.28 t", "38570kg", "38,57".
 * `labelUnit` is a unit printed in the label (毛重(kg)). Without any unit a value >= 1000 is
 * taken as kilograms (no truck carries 1000 t).
 */
export function parseWeight(raw: string, labelUnit: WeightUnit | null = null): number | null {
  const t = fixDigits(normalizeText(raw)).replace(/\s+/g, ' ')
  const m = t.match(/(-?\d+(?:\.\d+)?)\s*(kg|KG|Kg|公斤|千克|吨|噸|t|T)?/)
  if (!m) return null
  let v = Number(m[1])
  if (!Number.isFinite(v)) return null
  const unit = parseUnit(m[2]) ?? labelUnit
  if (unit === 'kg' || (!unit && v >= 1000)) v = v / 1000
  return round2(v)
}

export function parseInteger(raw: string): number | null {
  const t = fixDigits(normalizeText(raw))
  const m = t.match(/-?\d+/)
  if (!m) return null
  const v = Number.parseInt(m[0], 10)
  return Number.isFinite(v) ? v : null
}

const pad = (n: number | string, w = 2) => String(n).padStart(w, '0')

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const DAY_MS = 86_400_000
/** a ticket's date further back than this when it is read is no reading of it: a ticket is photographed days after it is printed */
const OLD_DAYS = 3 * 365

/** a date of `y`, `mo`, `d` that exists, as its time; NaN for none */
const dayOf = (y: number, mo: number, d: number) => {
  const t = Date.UTC(y, mo - 1, d)
  return mo >= 1 && mo <= 12 && d >= 1 && new Date(t).getUTCMonth() === mo - 1 ? t : NaN
}

/**
 * The likeliest of the readings of a date its text leaves open. With `terminalFirst` the first is the
 * order terminals print (two-digit year first), kept unless it is no date or years before `now`. Else
 * of the readings that exist, the nearest to `now` not after it (a ticket is read after it is printed);
 * `ambiguous` when another day was as possible, or the terminals' order was left.
 */
function likeliest(orders: [number, number, number][], now: number, terminalFirst: boolean): { ymd: [number, number, number]; ambiguous: boolean } | null {
  const days = orders.map((ymd) => ({ ymd, t: dayOf(...ymd) }))
  const first = days[0]!
  const firstExists = !Number.isNaN(first.t)
  if (terminalFirst && firstExists && first.t >= now - OLD_DAYS * DAY_MS) return { ymd: first.ymd, ambiguous: false }
  const others = days.filter((o) => !Number.isNaN(o.t) && !(terminalFirst && o === first))
  if (!others.length) return firstExists ? { ymd: first.ymd, ambiguous: false } : null
  const past = others.filter((o) => o.t <= now + DAY_MS)
  const pool = (past.length ? past : others).sort((a, b) => Math.abs(now - a.t) - Math.abs(now - b.t))
  return { ymd: pool[0]!.ymd, ambiguous: terminalFirst || others.some((o) => o.t !== pool[0]!.t) }
}

/**
 * Parse the date forms found on tickets into 'YYYY-MM-DD HH:mm:ss':
 * 2026年11月05日 08:32, 2026/11/05, 2026.11.05 08:32, 2026-11-05T08:32:10,
 * glued OCR forms '2026-09-1213:03:42' and '2026/01/1523:19:12', 20260912 130342; two-digit years
 * (26-09-12), the year last (05/09/2026, 12/09/26), English months (Sep 5, 2026), 下午/PM hours.
 * A date whose order the text leaves open is read as the likeliest day (see `likeliest`, `now`).
 */
export function parseDateTime(raw: string, now = Date.now()): string | null {
  return readDateTime(raw, now)?.value ?? null
}

/** `parseDateTime`, and whether the day was one of several the text could mean (05/09/2026: 5 September or 9 May) */
export function readDateTime(raw: string, now = Date.now()): { value: string; ambiguous: boolean } | null {
  // English months first: the digits' mending reads their letters as digits ('Sep' as '5ep')
  let t = normalizeText(raw).replace(/\b([A-Za-z]{3})[a-z]*\.?\s*(\d{1,2})(?:st|nd|rd|th)?,?\s+(20\d{2})\b|\b(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?,?\s+(20\d{2})\b/, (all, m1, d1, y1, d2, m2, y2) => {
    const mo = MONTHS.indexOf(String(m1 ?? m2).toLowerCase()) + 1
    return mo ? ` ${y1 ?? y2}-${mo}-${d1 ?? d2} ` : all
  })
  t = fixDigits(t)
  const afternoon = /下午|晚上|\bP\.?M\b/i.test(t)
  const morning = /上午|凌晨|\bA\.?M\b/i.test(t)
  t = t.replace(/[年月]/g, '-').replace(/日/g, ' ').replace(/[时點点]/g, ':').replace(/分/g, ':').replace(/秒/g, '')
  t = t.replace(/T(?=\d)/, ' ')
  // date part: y sep m sep d
  let m = t.match(/(20\d{2}|19\d{2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})(.*)$/)
  let rest = ''
  let y: number, mo: number, d: number
  let ambiguous = false
  // what stands before the date: a time of day printed first ('13:55 2026-01-07')
  let before = ''
  if (m) {
    y = +m[1]
    mo = +m[2]
    d = +m[3]
    rest = m[4]
    before = t.slice(0, m.index)
    if (/^\d/.test(rest)) {
      // "2026-09-1213:03:42" -> \d{1,2} took '12', rest '13:03:42'
      rest = ' ' + rest
    }
  } else if ((m = t.match(/(?<![\d:.])(\d{1,2})\s*([-/.])\s*(\d{1,2})\s*\2\s*(20\d{2})(?!\d|\s*:)(.*)$/))) {
    // the year last: day and month in either order (05/09/2026)
    const [a, b] = [+m[1], +m[3]]
    const read = likeliest([[+m[4], b, a], [+m[4], a, b]], now, false)
    if (!read) return null
    ;[y, mo, d] = read.ymd
    ambiguous = read.ambiguous
    rest = m[5]
    before = t.slice(0, m.index)
  } else if ((m = t.match(/(?<![\d:.])(\d{2})\s*([-/.])\s*(\d{1,2})\s*\2\s*(\d{2}(?=\d{1,2}\s*:)|\d{1,2}(?![\d.:]))(.*)$/)) && !/:\s*$/.test(t.slice(0, m.index))) {
    // a two-digit year with the same separator twice ('26-09-12 13:03', '26年09月12日'): this century's,
    // first as terminals print it; the year last (12/09/26: not 2012) where that is no likely day
    const [a, b, c] = [+m[1], +m[3], +m[4]]
    const orders: [number, number, number][] = [[2000 + a, b, c]]
    if (m[4].length === 2 && m[2] !== '-') orders.push([2000 + c, b, a], [2000 + c, a, b])
    const read = likeliest(orders, now, true)
    if (!read) return null
    ;[y, mo, d] = read.ymd
    ambiguous = read.ambiguous
    rest = /^\d/.test(m[5]) ? ' ' + m[5] : m[5]
    before = t.slice(0, m.index)
  } else {
    m = t.match(/(20\d{2})(\d{2})(\d{2})\s*(\d{2})?:?(\d{2})?:?(\d{2})?/)
    if (!m) return null
    y = +m[1]
    mo = +m[2]
    d = +m[3]
    rest = m[4] ? ` ${m[4]}:${m[5] ?? '00'}:${m[6] ?? '00'}` : ''
  }
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null
  if (!/\d{1,2}\s*:\s*\d{1,2}/.test(rest) && /\d{1,2}\s*:\s*\d{1,2}/.test(before)) rest = before
  let hh = 0,
    mi = 0,
    ss = 0
  const tm = rest.match(/(\d{1,2})\s*:\s*(\d{1,2})(?:\s*:\s*(\d{1,2}))?/)
  if (tm) {
    hh = +tm[1]
    mi = +tm[2]
    ss = tm[3] ? +tm[3] : 0
    if (hh > 23 || mi > 59 || ss > 59) {
      hh = 0
      mi = 0
      ss = 0
    } else if (afternoon && hh < 12) hh += 12
    else if (morning && hh === 12) hh = 0
  }
  if (Number.isNaN(dayOf(y, mo, d))) return null
  return { value: `${y}-${pad(mo)}-${pad(d)} ${pad(hh)}:${pad(mi)}:${pad(ss)}`, ambiguous }
}

export const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领'
export const PLATE_RE = new RegExp(`^[${PROVINCES}][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$`)

const DIGIT_TO_LETTER: Record<string, string> = { '0': 'D', '1': 'J', '8': 'B', '2': 'Z', '5': 'S', '6': 'G' }

/**
 * Normalise a plate: drop separators and spaces, upper-case, and fix OCR confusions only where
 * the plate pattern makes them unambiguous (the 2nd character is always a letter; O/I never occur).
 */
export function normalizePlate(raw: string): string {
  let t = toHalfWidth(raw).toUpperCase().replace(/[\s·•・.\-_:|]/g, '')
  // a province char followed by a stray 'I' or '1' that OCR reads from the stroke of 川 etc.
  const pm = t.match(new RegExp(`[${PROVINCES}]`))
  if (pm && pm.index !== undefined) t = t.slice(pm.index)
  if (t.length >= 2) {
    const p = t[0]
    let rest = t.slice(1)
    if (new RegExp(`^[${PROVINCES}]$`).test(p)) {
      // 川IBGCA5U -> 川BGCA5U : an extra I/1 before a letter when the plate is one too long
      if (rest.length >= 8 && /^[I1|]/.test(rest)) rest = rest.slice(1)
      if (rest.length === 7 && /^[I1|][A-Z]/.test(rest) && /^[A-Z0-9]{7}$/.test(rest)) rest = rest.slice(1)
      const second = rest[0]
      if (second && /\d/.test(second) && DIGIT_TO_LETTER[second]) rest = DIGIT_TO_LETTER[second] + rest.slice(1)
      // O and I are not used on plates: read them as 0 and 1
      rest = rest[0] + rest.slice(1).replace(/O/g, '0').replace(/I/g, '1')
      t = p + rest
    }
  }
  const m = t.match(new RegExp(`^[${PROVINCES}][A-Z0-9]{5,7}[挂学警港澳]?`))
  return m ? m[0] : t
}

/** cement specification like P.O52.5-2628C: fix 0/O after "P." and roman numerals */
export function normalizeSpec(raw: string): string {
  let t = toHalfWidth(raw).replace(/\s+/g, '').replace(/[。·,，]/g, '.')
  t = t.replace(/Ⅱ/g, 'II').replace(/Ⅰ/g, 'I')
  // grade letters after "P." (P.O, P.I, P.II, P.S.A, P.S.B, P.C, P.F, P.P, P.R)
  t = t.replace(/^([Pp])\.?0(?=\d)/, 'P.O').replace(/^p\./, 'P.')
  t = t.replace(/^P\.[I1l|]{2}(?=\d{2}\.\d)/, 'P.II').replace(/^P\.[1l|](?=\d{2}\.\d)/, 'P.I')
  t = t.replace(/^P\.S\.?([AB])/, 'P.S.$1').replace(/^PS([AB])/, 'P.S.$1')
  return t
}

/** document/voucher number: keep letters, digits and dashes, fix O->0 inside digit runs */
export function normalizeCode(raw: string): string {
  let t = toHalfWidth(raw).replace(/\s+/g, '')
  const m = t.match(/[A-Za-z0-9][A-Za-z0-9\-/]*[A-Za-z0-9]/)
  if (!m) return t
  t = m[0]
  // letters prefix kept, digits part fixed
  const pm = t.match(/^([A-Za-z]*)(.*)$/)!
  let out = pm[1].toUpperCase() + pm[2].replace(/[Oo]/g, '0').replace(/[lI]/g, '1')
  // "NO." prefixes read as N0
  if (/^N0\d{8,}$/.test(out)) out = 'NO' + out.slice(2)
  return out
}

/** rounded to 2 decimals */
export function round2(v: number): number {
  return Math.round(v * 100) / 100
}

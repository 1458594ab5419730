/**
 * What the generator's layout families share: a ticket's labelled fields (labels, units and formats
 * drawn per ticket), their truth, and the pieces of a page (title, rows, the page itself).
 */
import { LABELS, type Rng, type Ticket } from './data.js'

export interface Entry {
  /** field suffix, e.g. NetWeight */
  key: string
  label: string
  value: string
  truth: string | number
}

export interface Rendered {
  html: string
  fields: Record<string, string | number>
}

export const FONTS = ['"Noto Sans CJK SC"', '"Noto Serif CJK SC"', '"Noto Sans Mono CJK SC"']

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

function formatTime(r: Rng, time: string): string {
  const [d, t] = time.split(' ')
  const [y, mo, da] = d!.split('-')
  const hm = r.chance(0.5) ? t! : t!.slice(0, 5)
  switch (r.int(0, 3)) {
    case 0: return `${y}-${mo}-${da} ${hm}`
    case 1: return `${y}/${mo}/${da} ${hm}`
    case 2: return `${y}年${mo}月${da}日 ${hm}`
    default: return `${y}.${mo}.${da} ${hm}`
  }
}

type WeightStyle = 't-label' | 't-suffix' | 'kg-label' | 'kg-suffix' | 'bare'

function weight(style: WeightStyle, r: Rng, label: string, v: number): [string, string] {
  const kg = String(Math.round(v * 1000))
  switch (style) {
    case 't-label': return [`${label}(${r.pick(['t', '吨'])})`, v.toFixed(2)]
    case 't-suffix': return [label, `${v.toFixed(2)}${r.pick([' 吨', '吨', ' t', 't', ' T'])}`]
    case 'kg-label': return [`${label}(${r.pick(['kg', '公斤'])})`, kg]
    case 'kg-suffix': return [label, `${kg}${r.pick([' kg', 'kg', ' 公斤', '公斤'])}`]
    default: return [label, v.toFixed(2)]
  }
}

export interface EntryOptions {
  /** print the manufacturer in a labelled row (else only in the title) */
  manufacturerRow: boolean
  /** allow odd spellings of grades and plates (P·O 42.5, 冀A·12345) */
  variants?: boolean
  /** the fields to leave out */
  omit?: string[]
}

/** the labelled fields of a ticket, with the labels, units and formats this ticket uses */
export function entries(t: Ticket, r: Rng, o: EntryOptions): Entry[] {
  const out: Entry[] = []
  const add = (key: string, labels: readonly string[], value: string, truth: string | number) => {
    if (o.omit?.includes(key)) return
    out.push({ key, label: r.pick(labels), value, truth })
  }
  if (o.manufacturerRow) add('Manufactory', LABELS.manufacturer, t.manufacturer, t.manufacturer)
  add('Number', t.fileType === 1 ? LABELS.number1 : LABELS.number2, t.number, t.number)
  add('Time', t.fileType === 1 ? LABELS.time1 : LABELS.time2, formatTime(r, t.time), t.time)
  add('Customer', LABELS.customer, t.customer, t.customer)
  add('GoodsName', LABELS.goods, t.goods, t.goods)
  let spec = t.specific
  if (o.variants && r.chance(0.3)) spec = spec.replace(/^P\./, r.pick(['P·', 'P. ', 'P.'])).replace(/(\d\d\.\d)/, r.chance(0.5) ? ' $1' : '$1')
  else if (r.chance(0.3)) spec = spec.replace(/(\d\d\.\d)/, ' $1')
  add('Specific', LABELS.specific, spec, t.specific)
  let pl = t.plate
  if (o.variants && r.chance(0.3)) pl = pl.slice(0, 2) + r.pick(['·', ' ']) + pl.slice(2)
  add('PlateNumber', LABELS.plate, pl, t.plate)
  add('Carrier', LABELS.carrier, t.carrier, t.carrier)
  if (t.fileType === 2) {
    add('Name', LABELS.name, t.name, t.name)
    add('Place', LABELS.place, t.place, t.place)
    add('Settlement', LABELS.settlement, t.settlement, t.settlement)
  }
  const ws: WeightStyle = r.pick(['t-label', 't-suffix', 'kg-label', 'kg-suffix', 'bare', 't-suffix'])
  const w = (key: string, labels: readonly string[], v: number) => {
    if (o.omit?.includes(key)) return
    const [label, value] = weight(ws, r, r.pick(labels), v)
    out.push({ key, label, value, truth: v })
  }
  w('GrossWeight', LABELS.gross, t.gross)
  w('TareWeight', LABELS.tare, t.tare)
  w('NetWeight', LABELS.net, t.net)
  if (t.bagged || r.chance(0.3)) {
    const bagWord = r.pick(['', '袋', '包', ' 袋'])
    add('Bags', LABELS.bags, `${t.bags}${bagWord}`, t.bags)
  }
  if (t.fileType === 2) add('User', LABELS.user, t.user, t.user)
  return out
}

export const truthOf = (t: Ticket, es: Entry[], extra: Record<string, string | number> = {}) => {
  const p = t.fileType === 1 ? 'delivery' : 'sign'
  const f: Record<string, string | number> = {}
  for (const e of es) f[p + e.key] = e.truth
  for (const [k, v] of Object.entries(extra)) f[p + k] = v
  return f
}

export const titleWord = (t: Ticket, r: Rng) =>
  t.fileType === 1 ? r.pick(['产品发货单', '水泥发货单', '出厂发货单', '销售发货单', '提货单', '出库单']) : r.pick(['收货单', '签收单', '到货验收单', '收货确认单', '入库单'])

/** a title line; names the manufacturer when the rows do not */
export function title(t: Ticket, r: Rng, withManufacturer: boolean, word = titleWord(t, r)) {
  return withManufacturer ? `${t.manufacturer}${r.chance(0.5) ? ' ' : ''}${word}` : word
}

export function page(body: string, css: string, font: string, size: number) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;padding:0;background:transparent}
.ticket{display:inline-block;font-family:${font};font-size:${size}px;color:#111;background:#fff;padding:18px 22px;line-height:1.45}
.ticket h1{font-size:1.45em;text-align:center;margin:4px 0 12px;letter-spacing:.08em}
${css}</style></head><body><div class="ticket">${body}</div></body></html>`
}

export const colon = (r: Rng) => r.pick(['：', '：', ':', '： '])

/** pairs entries into rows of `n` */
export function rows<T>(xs: T[], n: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n))
  return out
}

export function mix(r: Rng, es: Entry[]): Entry[] {
  // keep weights together in their own order, shuffle the others in small blocks
  const weights = es.filter((e) => /Weight$|Bags/.test(e.key))
  const others = es.filter((e) => !/Weight$|Bags/.test(e.key))
  const shuffled = r.chance(0.5) ? r.shuffle(others) : others
  return r.chance(0.5) ? [...shuffled, ...weights] : [...shuffled.slice(0, 3), ...weights, ...shuffled.slice(3)]
}

// ---------------------------------------------------------------------------------------- families

/** A layout family: one ticket's contents as the HTML of a paper ticket and the truth of the fields it prints. */
export type Family = (t: Ticket, r: Rng) => Rendered

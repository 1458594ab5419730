/**
 * What the blind families share: a ticket's printed fields with this ticket's label words, units and
 * formats, their truth (the fixtures' format: deliveryX / signX, only what is printed), the page.
 */
import type { Rng } from '../data.js'
import { type BlindTicket, formatTime, kg, type TimeStyle } from './data.js'
import { ENGLISH, WORDS } from './labels.js'

export interface Field {
  /** field suffix, e.g. NetWeight */
  key: string
  label: string
  /** the English name, for bilingual tickets */
  en: string
  value: string
  truth: string | number
}

export type WeightStyle = 't2' | 't3' | 'kg' | 'kg-grouped'

export interface FieldOptions {
  /** chance of a rare label word for each field */
  rare: number
  times: TimeStyle[]
  weights: WeightStyle[]
  /** print the supplier as a field (else the family prints it in its title and adds it to the truth itself) */
  manufacturerField: boolean
  omit?: string[]
}

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

/** one ticket prints its weights alike: one unit, in the label or after the value */
function weightText(style: WeightStyle, unit: string, space: string, label: string, t: number, unitInLabel: boolean): [string, string] {
  const v = style === 't2' || style === 't3' ? t.toFixed(style === 't2' ? 2 : 3) : kg(t, style === 'kg-grouped')
  return unitInLabel ? [`${label}(${unit})`, v] : [label, `${v}${space}${unit}`]
}

/** the fields a ticket prints, in the usual order (families reorder them) */
export function fieldsOf(b: BlindTicket, r: Rng, o: FieldOptions): Field[] {
  const out: Field[] = []
  // what was received (实收) is a receiving note's word, what was sent (实发) a delivery note's
  const fits = (w: string) => !(b.fileType === 1 ? /实收/ : /实发/).test(w)
  const word = (key: string) => {
    const w = WORDS[key]!
    return r.chance(o.rare) ? r.pick(w.rare.filter(fits)) : r.pick(w.usual)
  }
  const en = (key: string) => r.pick(ENGLISH[key.replace(/[12]$/, '')] ?? [''])
  const add = (key: string, words: string, value: string, truth: string | number) => {
    if (!o.omit?.includes(key)) out.push({ key, label: word(words), en: en(words), value, truth })
  }
  const f = b.fileType
  if (o.manufacturerField) add('Manufactory', 'Manufactory', b.manufacturer, b.manufacturer)
  add('Number', `Number${f}`, b.number, b.number)
  add('Time', `Time${f}`, formatTime(b.time, r.pick(o.times)), b.time)
  add('Customer', 'Customer', b.customer, b.customer)
  add('GoodsName', 'GoodsName', b.goods, b.goods)
  const spec = r.chance(0.25) ? b.specific.replace(/^([A-Z.]+?)(\d)/, '$1 $2') : b.specific
  add('Specific', 'Specific', spec, b.specific)
  const pl = r.chance(0.2) ? `${b.plate.slice(0, 2)}·${b.plate.slice(2)}` : b.plate
  add('PlateNumber', 'PlateNumber', pl, b.plate)
  add('Carrier', 'Carrier', b.carrier, b.carrier)
  if (f === 2) {
    add('Name', 'Name', b.name, b.name)
    add('Place', 'Place', b.place, b.place)
    add('Settlement', 'Settlement', b.settlement, b.settlement)
  }
  const style = r.pick(o.weights)
  const unitInLabel = r.chance(0.5)
  const unit = style === 't2' || style === 't3' ? r.pick(['t', '吨', 'T']) : r.pick(['kg', 'KG', '公斤', 'Kg'])
  const space = style === 't2' || style === 't3' ? r.pick(['', ' ']) : ' '
  for (const [key, t] of [['GrossWeight', b.gross], ['TareWeight', b.tare], ['NetWeight', b.net]] as const) {
    if (o.omit?.includes(key)) continue
    const [label, value] = weightText(style, unit, space, word(key), t, unitInLabel)
    out.push({ key, label, en: en(key), value, truth: t })
  }
  if (b.bagged) add('Bags', 'Bags', `${b.bags}${r.pick(['', '袋', ' 袋', '包'])}`, b.bags)
  if (f === 2) add('User', 'User', b.user, b.user)
  return out
}

export function truthOf(b: BlindTicket, fs: Field[], extra: Record<string, string | number> = {}) {
  const p = b.fileType === 1 ? 'delivery' : 'sign'
  const out: Record<string, string | number> = {}
  for (const f of fs) out[p + f.key] = f.truth
  for (const [k, v] of Object.entries(extra)) out[p + k] = v
  return out
}

export const docWord = (b: BlindTicket, r: Rng) =>
  b.fileType === 1
    ? r.pick(['水泥出厂单', '销售出库单', '发货过磅单', '散装水泥发货单', '产品出门证', '送货单'])
    : r.pick(['收料单', '材料验收单', '进场验收单', '收货回执', '到货签收单', '物资入库单'])

/** a blind family's page; the generator shoots the `.ticket` element */
export function page(body: string, css: string, font: string, size: number) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;padding:0;background:transparent}
.ticket{display:inline-block;font-family:${font};font-size:${size}px;color:#151515;background:#fff;padding:16px 20px;line-height:1.4}
${css}</style></head><body><div class="ticket">${body}</div></body></html>`
}

/** a name signed by hand: uneven characters in ballpoint ink */
export function signed(r: Rng, s: string) {
  return `<span style="font-family:'Noto Serif CJK SC';font-style:italic;color:${r.pick(['#1a3a9a', '#0f2a6a', '#202020'])};font-size:1.2em">${[...s].map((ch) => `<span style="display:inline-block;transform:translateY(${r.float(-2, 2).toFixed(1)}px) rotate(${r.float(-9, 9).toFixed(1)}deg)">${esc(ch)}</span>`).join('')}</span>`
}

/** keeps the weights together and shuffles the other fields or leaves them in order */
export function arrange(r: Rng, fs: Field[]): Field[] {
  const isW = (f: Field) => /Weight$|^Bags$/.test(f.key)
  const others = fs.filter((f) => !isW(f) && f.key !== 'User')
  const user = fs.filter((f) => f.key === 'User')
  const ordered = r.chance(0.5) ? r.shuffle(others) : others
  const cut = r.int(2, ordered.length)
  return [...ordered.slice(0, cut), ...fs.filter(isW), ...ordered.slice(cut), ...user]
}

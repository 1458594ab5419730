/**
 * Layout families of the generator: each turns one ticket's contents into the HTML of a paper
 * ticket and the truth of the fields it prints. Labels, units, fonts, sizes and column orders vary
 * per ticket; the family fixes only the way labels and values are arranged.
 */
import { amountInWords, LABELS, type Rng, type Ticket } from './data.js'

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

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

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

const titleWord = (t: Ticket, r: Rng) =>
  t.fileType === 1 ? r.pick(['产品发货单', '水泥发货单', '出厂发货单', '销售发货单', '提货单', '出库单']) : r.pick(['收货单', '签收单', '到货验收单', '收货确认单', '入库单'])

/** a title line; names the manufacturer when the rows do not */
function title(t: Ticket, r: Rng, withManufacturer: boolean, word = titleWord(t, r)) {
  return withManufacturer ? `${t.manufacturer}${r.chance(0.5) ? ' ' : ''}${word}` : word
}

function page(body: string, css: string, font: string, size: number) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;padding:0;background:transparent}
.ticket{display:inline-block;font-family:${font};font-size:${size}px;color:#111;background:#fff;padding:18px 22px;line-height:1.45}
.ticket h1{font-size:1.45em;text-align:center;margin:4px 0 12px;letter-spacing:.08em}
${css}</style></head><body><div class="ticket">${body}</div></body></html>`
}

const colon = (r: Rng) => r.pick(['：', '：', ':', '： '])

/** pairs entries into rows of `n` */
function rows<T>(xs: T[], n: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n))
  return out
}

function mix(r: Rng, es: Entry[]): Entry[] {
  // keep weights together in their own order, shuffle the others in small blocks
  const weights = es.filter((e) => /Weight$|Bags/.test(e.key))
  const others = es.filter((e) => !/Weight$|Bags/.test(e.key))
  const shuffled = r.chance(0.5) ? r.shuffle(others) : others
  return r.chance(0.5) ? [...shuffled, ...weights] : [...shuffled.slice(0, 3), ...weights, ...shuffled.slice(3)]
}

// ---------------------------------------------------------------------------------------- families

type Family = (t: Ticket, r: Rng) => Rendered

/** F01 bordered label | value table, one or two pairs a row */
const table: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = mix(r, entries(t, r, { manufacturerRow: manRow }))
  const per = r.pick([1, 2, 2])
  const c = r.chance(0.5) ? colon(r) : ''
  const body = `<h1>${esc(title(t, r, !manRow))}</h1><table>${rows(es, per).map((row) => `<tr>${row.map((e) => `<td class="l">${esc(e.label)}${c}</td><td class="v">${esc(e.value)}</td>`).join('')}</tr>`).join('')}</table>`
  const css = `table{border-collapse:collapse}td{border:1px solid #222;padding:5px 10px}td.l{background:${r.pick(['#fff', '#f2f2f2', '#eef3fb'])}}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 19)), fields: truthOf(t, es) }
}

/** F02 "label：value" lines, one or two columns */
const lines: Family = (t, r) => {
  const manRow = r.chance(0.6)
  const es = mix(r, entries(t, r, { manufacturerRow: manRow }))
  const two = r.chance(0.4)
  const c = colon(r)
  const line = (e: Entry) => `<div class="ln"><span>${esc(e.label)}${c}</span>${esc(e.value)}</div>`
  const body = `<h1>${esc(title(t, r, !manRow))}</h1>` + (two
    ? `<div class="cols">${rows(es, 2).map((row) => row.map(line).join('')).join('')}</div>`
    : es.map(line).join(''))
  const css = `.ln{margin:${r.int(2, 8)}px 0}.cols{display:grid;grid-template-columns:auto auto;column-gap:48px}`
  return { html: page(body, css, r.pick(FONTS), r.int(15, 22)), fields: truthOf(t, es) }
}

/** F03 weighbridge slip: fixed columns, letter-spaced labels, monospace, unit column */
const slip: Family = (t, r) => {
  const es = entries(t, r, { manufacturerRow: false, omit: ['Customer', 'Carrier', 'Place', 'Settlement', 'Name'] })
  const spaced = (l: string) => (l.length === 2 && r.chance(0.7) ? l[0] + '&nbsp;&nbsp;&nbsp;' + l[1] : esc(l))
  const c = r.chance(0.5) ? ':' : ''
  const rowsHtml = es.map((e) => `<tr><td class="l">${spaced(e.label)}${c}</td><td class="v">${esc(e.value)}</td></tr>`).join('')
  const body = `<h1>${esc(t.manufacturer)}</h1><div class="sub">${r.pick(['过磅单', '称重计量单', '地磅过磅单', '计量磅单'])}</div><table>${rowsHtml}</table><div class="foot">司磅员:${esc(t.user)}&nbsp;&nbsp;磅号:${r.int(1, 4)}#</div>`
  const css = `.ticket{font-family:"Noto Sans Mono CJK SC"}.sub{text-align:center;margin:-6px 0 10px;letter-spacing:.3em}table{border-collapse:collapse}td{padding:3px 0}td.l{width:8em}td.v{text-align:${r.pick(['left', 'right'])};min-width:12em}.foot{margin-top:10px;border-top:1px dashed #333;padding-top:6px}`
  return { html: page(body, css, '"Noto Sans Mono CJK SC"', r.int(14, 18)), fields: truthOf(t, es, { Manufactory: t.manufacturer }) }
}

/** F04 a header row of labels with the values in the row below, top fields as lines */
const header: Family = (t, r) => {
  const es = entries(t, r, { manufacturerRow: false })
  const inGrid = ['PlateNumber', 'GoodsName', 'Specific', 'GrossWeight', 'TareWeight', 'NetWeight', 'Bags']
  const grid = r.shuffle(es.filter((e) => inGrid.includes(e.key)).slice(0, 3)).concat(es.filter((e) => inGrid.includes(e.key)).slice(3))
  const top = es.filter((e) => !inGrid.includes(e.key))
  const c = colon(r)
  const body = `<h1>${esc(title(t, r, true))}</h1><div class="top">${top.map((e) => `<div>${esc(e.label)}${c}${esc(e.value)}</div>`).join('')}</div>
<table><tr>${grid.map((e) => `<th>${esc(e.label)}</th>`).join('')}</tr><tr>${grid.map((e) => `<td>${esc(e.value)}</td>`).join('')}</tr></table>`
  const css = `.top{display:grid;grid-template-columns:auto auto;column-gap:40px;margin-bottom:10px}table{border-collapse:collapse}th,td{border:1px solid #333;padding:6px 10px;text-align:center}th{font-weight:${r.pick(['normal', 'bold'])}}`
  return { html: page(body, css, r.pick(FONTS), r.int(13, 17)), fields: truthOf(t, es, { Manufactory: t.manufacturer }) }
}

/** F05 labels stacked above their values in boxes */
const stacked: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = mix(r, entries(t, r, { manufacturerRow: manRow }))
  const cols = r.pick([2, 3, 3, 4])
  const body = `<h1>${esc(title(t, r, !manRow))}</h1><div class="grid">${es.map((e) => `<div class="box"><div class="l">${esc(e.label)}</div><div class="v">${esc(e.value)}</div></div>`).join('')}</div>`
  const css = `.grid{display:grid;grid-template-columns:repeat(${cols},auto);gap:0}.box{border:1px solid #444;padding:4px 10px}.l{font-size:.8em;color:${r.pick(['#555', '#333', '#0a3d8f'])}}.v{font-size:1.1em;margin-top:2px}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 18)), fields: truthOf(t, es) }
}

/** F06 two 联 side by side (same content), or a narrow stub beside the ticket */
const twin: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = mix(r, entries(t, r, { manufacturerRow: manRow }))
  const c = colon(r)
  const copy = (word: string) => `<div class="copy"><h1>${esc(title(t, r, !manRow))}</h1>${es.map((e) => `<div class="ln">${esc(e.label)}${c}${esc(e.value)}</div>`).join('')}<div class="lian">${word}</div></div>`
  let body: string
  if (r.chance(0.5)) body = `<div class="pair">${copy('第一联 存根')}${copy('第二联 客户')}</div>`
  else {
    const stubKeys = ['Number', 'PlateNumber', 'NetWeight']
    const stub = es.filter((e) => stubKeys.includes(e.key))
    body = `<div class="pair"><div class="stub">${stub.map((e) => `<div class="ln">${esc(e.label)}${c}${esc(e.value)}</div>`).join('')}<div class="lian">存根</div></div>${copy('客户联')}</div>`
  }
  const css = `.pair{display:flex;gap:0}.copy{padding:8px 18px;border-left:2px dashed #777}.copy:first-child{border-left:none}.stub{padding:8px 14px;font-size:.9em;width:12em}.ln{margin:3px 0}.lian{margin-top:8px;color:#a00;font-size:.85em}.ticket h1{font-size:1.2em}`
  return { html: page(body, css, r.pick(FONTS), r.int(12, 15)), fields: truthOf(t, es) }
}

/** F07 dense form: many columns with prices, amounts in words, phone numbers and a red stamp over the text */
const dense: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = mix(r, entries(t, r, { manufacturerRow: manRow, variants: true }))
  const price = r.int(280, 520)
  const amount = Math.round(price * t.net * 100) / 100
  const extra: Entry[] = [
    { key: '', label: '单价(元/吨)', value: price.toFixed(2), truth: '' },
    { key: '', label: '金额', value: `¥${amount.toFixed(2)}`, truth: '' },
    { key: '', label: '大写金额', value: amountInWords(amount), truth: '' },
    { key: '', label: '合同号', value: `HT${t.number.slice(-8)}`, truth: '' },
    { key: '', label: '司机', value: t.driver, truth: '' },
    { key: '', label: '联系电话', value: t.phone, truth: '' },
  ]
  const all = [...es]
  for (const x of extra) all.splice(r.int(0, all.length), 0, x)
  const c = r.chance(0.6) ? colon(r) : ''
  const body = `<h1>${esc(title(t, r, !manRow))}</h1><table>${rows(all, 3).map((row) => `<tr>${row.map((e) => `<td class="l">${esc(e.label)}${c}</td><td class="v">${esc(e.value)}</td>`).join('')}</tr>`).join('')}</table>
<div class="sign">制单人:${esc(t.driver.slice(0, 1))}某&nbsp;&nbsp;&nbsp;审核:${esc(t.user)}</div>
<div class="stamp" style="left:${r.int(40, 62)}%;top:${r.int(30, 60)}%"><div>${esc(t.manufacturer.slice(0, 10))}</div><div class="star">★</div><div>发货专用章</div></div>`
  const css = `.ticket{position:relative}table{border-collapse:collapse}td{border:1px solid #333;padding:3px 6px;font-size:.92em}.sign{margin-top:8px}
.stamp{position:absolute;width:130px;height:130px;border:4px solid rgba(210,20,20,.75);border-radius:50%;color:rgba(210,20,20,.75);text-align:center;font-size:13px;transform:rotate(${r.int(-25, 25)}deg);display:flex;flex-direction:column;justify-content:center;font-weight:bold}.star{font-size:30px;line-height:1}`
  return { html: page(body, css, r.pick(FONTS), r.int(13, 16)), fields: truthOf(t, es) }
}

/** F08 dot-matrix print on tinted paper: preprinted labels without colons, values printed off-register */
const dotmatrix: Family = (t, r) => {
  const es = mix(r, entries(t, r, { manufacturerRow: r.chance(0.6), variants: true }))
  const tint = r.pick(['#fbe3e8', '#e3eefb', '#fbf6d9', '#e5f6e5'])
  const ink = r.pick(['#1d2b8f', '#222', '#3a2a7a'])
  const dx = r.int(-4, 10)
  const dy = r.int(-4, 4)
  const body = `<h1 class="pre">${esc(titleWord(t, r))}</h1><table>${es.map((e) => `<tr><td class="l pre">${esc(e.label)}</td><td class="v"><span style="position:relative;left:${dx}px;top:${dy}px">${esc(e.value)}</span></td></tr>`).join('')}</table>`
  const css = `.ticket{background:${tint}}.pre{color:${r.pick(['#b03040', '#2050a0', '#555'])}}td{padding:3px 8px;border-bottom:1px solid rgba(0,0,0,.25)}td.l{width:7em}
td.v{font-family:"Noto Sans Mono CJK SC";color:${ink};letter-spacing:.06em;text-shadow:.6px 0 0 ${ink};filter:url(#dots)}`
  const svg = `<svg width="0" height="0" style="position:absolute"><filter id="dots"><feTurbulence type="fractalNoise" baseFrequency="1.8" numOctaves="1" seed="${r.int(1, 999)}"/><feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 -2.2 1.6"/><feComposite in="SourceGraphic" operator="in"/></filter></svg>`
  return { html: page(svg + body, css, r.pick(FONTS), r.int(14, 17)), fields: truthOf(t, es) }
}

/** F09 narrow cells: long company names and addresses wrap onto two lines */
const wrapped: Family = (t, r) => {
  const manRow = true
  const es = mix(r, entries(t, r, { manufacturerRow: manRow }))
  const width = r.int(7, 9)
  const c = r.chance(0.5) ? colon(r) : ''
  const body = `<h1>${esc(titleWord(t, r))}</h1><table>${rows(es, 2).map((row) => `<tr>${row.map((e) => `<td class="l">${esc(e.label)}${c}</td><td class="v">${esc(e.value)}</td>`).join('')}</tr>`).join('')}</table>`
  const css = `table{border-collapse:collapse}td{border:1px solid #222;padding:4px 8px;vertical-align:middle}td.v{width:${width}em;max-width:${width}em;word-break:break-all}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 17)), fields: truthOf(t, es) }
}

/** F10 a printed form filled in by hand: numbers (and the plate) in blue ink, uneven */
const handwritten: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = mix(r, entries(t, r, { manufacturerRow: manRow }))
  const handKeys = ['GrossWeight', 'TareWeight', 'NetWeight', 'Bags', 'PlateNumber', 'Time']
  const hand = (s: string) => [...s].map((ch) => `<span style="display:inline-block;transform:translateY(${r.float(-2, 2).toFixed(1)}px) rotate(${r.float(-7, 7).toFixed(1)}deg) scale(${r.float(0.92, 1.12).toFixed(2)})">${ch === ' ' ? '&nbsp;' : esc(ch)}</span>`).join('')
  const c = colon(r)
  const body = `<h1>${esc(title(t, r, !manRow))}</h1><table>${rows(es, 2).map((row) => `<tr>${row.map((e) => `<td class="l">${esc(e.label)}${c}</td><td class="v">${handKeys.includes(e.key) ? `<span class="hand">${hand(e.value)}</span>` : esc(e.value)}</td>`).join('')}</tr>`).join('')}</table>`
  const css = `table{border-collapse:collapse}td{border-bottom:1px solid #555;padding:6px 10px}.hand{font-family:"Noto Serif CJK SC";font-style:italic;color:${r.pick(['#1a3fa0', '#0d2a70', '#222'])};font-size:1.25em;font-weight:${r.pick(['normal', 'bold'])}}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 17)), fields: truthOf(t, es) }
}

function qr(r: Rng, n = 21, cell = 4) {
  let rects = ''
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) {
    const finder = (x < 7 && y < 7) || (x >= n - 7 && y < 7) || (x < 7 && y >= n - 7)
    const on = finder ? (x % 6 === 0 || y % 6 === 0 || (x % 7 >= 2 && x % 7 <= 4 && y % 7 >= 2 && y % 7 <= 4) || x === n - 1 || y === n - 1 || x === n - 7 || y === n - 7) : r.chance(0.5)
    if (on) rects += `<rect x="${x * cell}" y="${y * cell}" width="${cell}" height="${cell}"/>`
  }
  return `<svg width="${n * cell}" height="${n * cell}">${rects}</svg>`
}

function barcode(r: Rng, text: string) {
  let x = 0
  let bars = ''
  for (let i = 0; i < 70; i++) {
    const w = r.int(1, 3)
    if (i % 2 === 0) bars += `<rect x="${x}" y="0" width="${w}" height="40"/>`
    x += w
  }
  return `<div class="bc"><svg width="${x}" height="40">${bars}</svg><div>${esc(text)}</div></div>`
}

/** F11 extra rows: QR code, barcode, remarks, driver and phone, operator */
const extras: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = mix(r, entries(t, r, { manufacturerRow: manRow }))
  const c = colon(r)
  const body = `<div class="head"><div>${qr(r)}</div><h1>${esc(title(t, r, !manRow))}</h1>${barcode(r, t.number)}</div>
<table>${rows(es, 2).map((row) => `<tr>${row.map((e) => `<td>${esc(e.label)}${c}${esc(e.value)}</td>`).join('')}</tr>`).join('')}
<tr><td>司机姓名${c}${esc(t.driver)}</td><td>联系电话${c}${esc(t.phone)}</td></tr>
<tr><td colspan="2">备注${c}${esc(t.remark || '请核对数量后签字')}。扫码查验真伪</td></tr></table>
<div class="foot">开票人${c}${esc(t.user)}&nbsp;&nbsp;&nbsp;&nbsp;打印时间${c}${esc(t.time.slice(0, 10))}</div>`
  const css = `.head{display:flex;align-items:center;gap:20px;justify-content:space-between}.bc{text-align:center;font-family:monospace;font-size:.8em}table{border-collapse:collapse;margin-top:8px}td{border:1px solid #333;padding:4px 10px}.foot{margin-top:8px;font-size:.9em}`
  return { html: page(body, css, r.pick(FONTS), r.int(13, 17)), fields: truthOf(t, es) }
}

/**
 * F12 a pre-printed form filled in a second pass (a carbon copy, a form fed through an office
 * printer): the values are off the register of their cells, the whole page by one shift up or down
 * and sideways and each value a little more, in purple or blue copying ink; the printed labels
 * often have no colon
 */
const misprint: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = mix(r, entries(t, r, { manufacturerRow: manRow }))
  const per = r.pick([1, 2, 2])
  const c = r.chance(0.4) ? colon(r) : ''
  const [dx, dy] = [r.float(-0.4, 1.2), r.pick([-1, 1]) * r.float(0.15, 0.45)]
  const ink = r.pick(['#4b2a8c', '#2a3f9c', '#5a3a9a', '#1f2f7a'])
  const value = (e: Entry) => {
    const [x, y] = [dx + r.float(-0.15, 0.15), dy + r.float(-0.08, 0.08)]
    return `<span class="fill" style="left:${x.toFixed(2)}em;top:${y.toFixed(2)}em">${esc(e.value)}</span>`
  }
  const body = `<h1>${esc(title(t, r, !manRow))}</h1><table>${rows(es, per).map((row) => `<tr>${row.map((e) => `<td class="l">${esc(e.label)}${c}</td><td class="v">${value(e)}</td>`).join('')}</tr>`).join('')}</table>`
  const css = `table{border-collapse:collapse}td{border:1px solid #444;padding:6px 10px;height:1.6em}td.l{color:#333}td.v{min-width:13em;white-space:nowrap}.fill{position:relative;color:${ink};opacity:${r.float(0.7, 0.95).toFixed(2)};filter:blur(${r.float(0.2, 0.5).toFixed(2)}px);font-family:${r.pick(['"Noto Sans Mono CJK SC"', '"Noto Sans CJK SC"'])}}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 18)), fields: truthOf(t, es) }
}

/**
 * F13 a thermal-printer receipt of a weighbridge terminal: narrow, monospace, one field a line, the
 * print faded grey with strokes broken where the paper's coating wore off
 */
const thermal: Family = (t, r) => {
  const es = mix(r, entries(t, r, { manufacturerRow: r.chance(0.5) }))
  const c = r.pick([':', '：', ': '])
  const seed = r.int(1, 9999)
  const wear = r.float(2.6, 3.4).toFixed(2)
  const line = (e: Entry) => `<div class="ln"><span class="l">${esc(e.label)}${c}</span><span class="v">${esc(e.value)}</span></div>`
  const body = `<svg width="0" height="0" style="position:absolute"><filter id="worn"><feTurbulence type="fractalNoise" baseFrequency="${r.float(0.6, 1.1).toFixed(2)}" numOctaves="2" seed="${seed}" result="n"/><feColorMatrix in="n" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 -4 ${wear}" result="holes"/><feComposite in="SourceGraphic" in2="holes" operator="in"/></filter></svg>
<div class="worn"><h1>${esc(title(t, r, !es.some((e) => e.key === 'Manufactory')))}</h1><div class="rule">${'-'.repeat(30)}</div>${es.map(line).join('')}<div class="rule">${'-'.repeat(30)}</div><div class="ln">打印时间${c}${esc(t.time)}</div></div>`
  const css = `.ticket{background:${r.pick(['#f6f5f0', '#f2f2ee', '#fbfbf8'])};max-width:26em}.worn{filter:url(#worn);color:${r.pick(['#4a4a4a', '#5a5a5a', '#666'])}}.ln{margin:${r.int(1, 5)}px 0;white-space:nowrap}.l{display:inline-block;min-width:${r.pick([5, 6, 7])}em}.rule{letter-spacing:-.05em;overflow:hidden}.ticket h1{font-size:1.2em}`
  return { html: page(body, css, '"Noto Sans Mono CJK SC"', r.int(13, 17)), fields: truthOf(t, es) }
}

/** English names printed beside the Chinese labels of bilingual tickets, per field */
const ENGLISH: Record<string, string[]> = {
  Manufactory: ['Supplier', 'Manufacturer'], Customer: ['Customer', 'Buyer'], GoodsName: ['Product', 'Material'],
  Specific: ['Batch No.', 'Lot No.'], PlateNumber: ['Truck No.', 'Vehicle No.', 'Plate No.'], Carrier: ['Carrier', 'Transporter'],
  Number: ['Ticket No.', 'Serial No.'], Time: ['Date', 'Date/Time'], NetWeight: ['Net', 'Net Weight'], GrossWeight: ['Gross', 'Gross Weight'],
  TareWeight: ['Tare', 'Tare Weight'], Bags: ['Bags', 'Packages'], Name: ['Consignee', 'Receiver'], Place: ['Delivery Address', 'Site'],
  User: ['Received by', 'Checked by'], Settlement: ['Payer', 'Billing'],
}

/**
 * F14 a bilingual ticket (weighbridge software, plants that export): each label with its English
 * name after it, under it or before it, in a bordered table or as lines
 */
const bilingual: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = mix(r, entries(t, r, { manufacturerRow: manRow }))
  const how = r.pick(['after', 'after', 'paren', 'under', 'before'] as const)
  const c = r.pick(['：', ':', ''])
  const label = (e: Entry) => {
    const en = esc(r.pick(ENGLISH[e.key] ?? ['']))
    const zh = esc(e.label)
    switch (how) {
      case 'after': return `${zh} ${en}${c}`
      case 'paren': return `${zh}(${en})${c}`
      case 'under': return `${zh}${c}<div class="en">${en}</div>`
      default: return `<span class="en">${en}</span> ${zh}${c}`
    }
  }
  const inTable = r.chance(0.6)
  const body = `<h1>${esc(title(t, r, !manRow))}<div class="en">${r.pick(['DELIVERY NOTE', 'WEIGHING TICKET', 'GOODS RECEIPT'])}</div></h1>` + (inTable
    ? `<table>${rows(es, r.pick([1, 2])).map((row) => `<tr>${row.map((e) => `<td class="l">${label(e)}</td><td class="v">${esc(e.value)}</td>`).join('')}</tr>`).join('')}</table>`
    : es.map((e) => `<div class="ln"><span class="l">${label(e)}</span> <span class="v">${esc(e.value)}</span></div>`).join(''))
  const css = `table{border-collapse:collapse}td{border:1px solid #333;padding:5px 10px}.en{font-size:.72em;color:#444;font-family:"Noto Sans CJK SC"}h1 .en{font-size:.5em;letter-spacing:.2em}.ln{margin:4px 0}.ln .l{display:inline-block;min-width:11em}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 18)), fields: truthOf(t, es) }
}

/**
 * F15 an impact (24-pin dot-matrix) printer's slip on continuous form paper: tractor-feed holes down both edges,
 * every character (labels too) made of the pins' dots, the ribbon's ink uneven along the line
 */
const impact: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = mix(r, entries(t, r, { manufacturerRow: manRow, variants: true }))
  const c = r.pick(['：', ':', ' ', ''])
  const per = r.pick([1, 2, 2])
  const pitch = r.float(1.5, 2.1).toFixed(2)
  const pin = r.int(52, 64)
  const ink = r.pick(['#222', '#2b2b3a', '#333'])
  const line = (row: Entry[]) => `<div class="ln">${row.map((e) => `<span class="f"><span class="l">${esc(e.label)}${c}</span>${esc(e.value)}</span>`).join('')}</div>`
  const holes = `<div class="feed">${'<i></i>'.repeat(14)}</div>`
  const body = `${holes}<div class="print"><h1>${esc(title(t, r, !manRow))}</h1>${rows(es, per).map(line).join('')}<div class="ln">司磅员${c}${esc(t.user)}　　打印时间${c}${esc(t.time)}</div></div>${holes}`
  const css = `.ticket{display:inline-flex;gap:14px;padding:10px 8px;background:${r.pick(['#fdfdf8', '#f7f7f2', '#fff'])}}
.feed{display:flex;flex-direction:column;justify-content:space-between;border-${r.chance(0.5) ? 'left' : 'right'}:1px dashed #bbb;padding:0 6px}.feed i{display:block;width:12px;height:12px;border-radius:50%;background:#d9d9d4;box-shadow:inset 1px 1px 2px #999}
.print{color:${ink};opacity:${r.float(0.75, 0.95).toFixed(2)};-webkit-mask-image:radial-gradient(circle,#000 ${pin - 8}%,rgba(0,0,0,.25) ${pin}%,transparent ${pin + 8}%),linear-gradient(${r.int(0, 180)}deg,rgba(0,0,0,1),rgba(0,0,0,.55),rgba(0,0,0,1));-webkit-mask-size:${pitch}px ${pitch}px,100% 100%;-webkit-mask-composite:source-in;mask-composite:intersect;font-family:"Noto Sans Mono CJK SC";font-weight:bold}
.ln{margin:3px 0;white-space:pre}.f{display:inline-block;min-width:${per === 2 ? 20 : 24}em;margin-right:1.5em}.l{display:inline-block;min-width:${r.pick([5, 6])}em}`
  return { html: page(body, css, '"Noto Sans Mono CJK SC"', r.int(13, 17)), fields: truthOf(t, es) }
}

export const FAMILIES: Record<string, Family> = { table, lines, slip, header, stacked, twin, dense, dotmatrix, wrapped, handwritten, extras, misprint, thermal, bilingual, impact }

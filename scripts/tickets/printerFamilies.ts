/** Layout families F11–F15: what particular machines and software print (codes and extra rows, a misregistered second pass, thermal, bilingual, impact). */
import type { Rng } from './data.js'
import { colon, entries, type Entry, esc, type Family, FONTS, mix, page, rows, title, truthOf } from './ticketHtml.js'

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
export const extras: Family = (t, r) => {
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
export const misprint: Family = (t, r) => {
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
export const thermal: Family = (t, r) => {
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
export const bilingual: Family = (t, r) => {
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
export const impact: Family = (t, r) => {
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

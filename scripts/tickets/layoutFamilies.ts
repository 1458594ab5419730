/** Layout families F01–F05: the plain ways of arranging labels and values (table, lines, slip, header row, stacked boxes). */
import { colon, entries, type Entry, esc, type Family, FONTS, mix, page, rows, title, truthOf } from './ticketHtml.js'

/** F01 bordered label | value table, one or two pairs a row */
export const table: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = mix(r, entries(t, r, { manufacturerRow: manRow }))
  const per = r.pick([1, 2, 2])
  const c = r.chance(0.5) ? colon(r) : ''
  const body = `<h1>${esc(title(t, r, !manRow))}</h1><table>${rows(es, per).map((row) => `<tr>${row.map((e) => `<td class="l">${esc(e.label)}${c}</td><td class="v">${esc(e.value)}</td>`).join('')}</tr>`).join('')}</table>`
  const css = `table{border-collapse:collapse}td{border:1px solid #222;padding:5px 10px}td.l{background:${r.pick(['#fff', '#f2f2f2', '#eef3fb'])}}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 19)), fields: truthOf(t, es) }
}

/** F02 "label：value" lines, one or two columns */
export const lines: Family = (t, r) => {
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
export const slip: Family = (t, r) => {
  const es = entries(t, r, { manufacturerRow: false, omit: ['Customer', 'Carrier', 'Place', 'Settlement', 'Name'] })
  const spaced = (l: string) => (l.length === 2 && r.chance(0.7) ? l[0] + '&nbsp;&nbsp;&nbsp;' + l[1] : esc(l))
  const c = r.chance(0.5) ? ':' : ''
  const rowsHtml = es.map((e) => `<tr><td class="l">${spaced(e.label)}${c}</td><td class="v">${esc(e.value)}</td></tr>`).join('')
  const body = `<h1>${esc(t.manufacturer)}</h1><div class="sub">${r.pick(['过磅单', '称重计量单', '地磅过磅单', '计量磅单'])}</div><table>${rowsHtml}</table><div class="foot">司磅员:${esc(t.user)}&nbsp;&nbsp;磅号:${r.int(1, 4)}#</div>`
  const css = `.ticket{font-family:"Noto Sans Mono CJK SC"}.sub{text-align:center;margin:-6px 0 10px;letter-spacing:.3em}table{border-collapse:collapse}td{padding:3px 0}td.l{width:8em}td.v{text-align:${r.pick(['left', 'right'])};min-width:12em}.foot{margin-top:10px;border-top:1px dashed #333;padding-top:6px}`
  return { html: page(body, css, '"Noto Sans Mono CJK SC"', r.int(14, 18)), fields: truthOf(t, es, { Manufactory: t.manufacturer }) }
}

/** F04 a header row of labels with the values in the row below, top fields as lines */
export const header: Family = (t, r) => {
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
export const stacked: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = mix(r, entries(t, r, { manufacturerRow: manRow }))
  const cols = r.pick([2, 3, 3, 4])
  const body = `<h1>${esc(title(t, r, !manRow))}</h1><div class="grid">${es.map((e) => `<div class="box"><div class="l">${esc(e.label)}</div><div class="v">${esc(e.value)}</div></div>`).join('')}</div>`
  const css = `.grid{display:grid;grid-template-columns:repeat(${cols},auto);gap:0}.box{border:1px solid #444;padding:4px 10px}.l{font-size:.8em;color:${r.pick(['#555', '#333', '#0a3d8f'])}}.v{font-size:1.1em;margin-top:2px}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 18)), fields: truthOf(t, es) }
}

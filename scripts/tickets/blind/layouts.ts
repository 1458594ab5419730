/**
 * Blind families A–C: captions printed under their values, a grid of boxes with each label above its
 * value, a bilingual weighbridge ticket in kilograms.
 */
import type { Family } from '../ticketHtml.js'
import { arrange, docWord, esc, type Field, fieldsOf, page, signed, truthOf } from './common.js'
import { blindTicket } from './data.js'

const LONG = ['Manufactory', 'Customer', 'Name', 'Place', 'Settlement', 'Carrier']

/**
 * A: each value typed on a ruled line with a small caption printed under the rule (the caption
 * names the line above it), like a docket or a form with signature lines
 */
export const blindA: Family = (t, r) => {
  const b = blindTicket(r, t.fileType)
  const manField = r.chance(0.4)
  const fs = arrange(r, fieldsOf(b, r, { rare: 0.3, times: ['iso', 'iso-s', 'yy-dash', 'cn-shifen', 'dot'], weights: ['t2', 't3', 'kg'], manufacturerField: manField }))
  const cols = r.pick([2, 3, 3])
  const align = r.pick(['left', 'center'])
  const bracket = r.chance(0.3)
  const cell = (f: Field) => {
    const span = LONG.includes(f.key) ? Math.min(cols, r.pick([2, cols])) : 1
    const value = f.key === 'User' && r.chance(0.6) ? signed(r, f.value) : esc(f.value)
    return `<div class="c" style="grid-column:span ${span}"><div class="v">${value}</div><div class="cap">${bracket ? `（${esc(f.label)}）` : esc(f.label)}</div></div>`
  }
  const extras = r.chance(0.6)
    ? `<div class="c"><div class="v">${esc(b.weighman)}</div><div class="cap">${r.pick(['司磅员', '计量员', '开票人'])}</div></div><div class="c"><div class="v">${esc(b.driver)}</div><div class="cap">${r.pick(['驾驶员', '司机'])}</div></div>`
    : ''
  const head = manField ? `<h1>${esc(docWord(b, r))}</h1>` : `<h1>${esc(b.manufacturer)}</h1><h2>${esc(docWord(b, r))}</h2>`
  const body = `${head}<div class="g">${fs.map(cell).join('')}${extras}</div>`
  const css = `h1{font-size:1.4em;text-align:center;margin:2px 0 4px;letter-spacing:.05em}h2{font-size:1.1em;text-align:center;margin:0 0 10px;font-weight:normal;letter-spacing:.4em}
.g{display:grid;grid-template-columns:repeat(${cols},minmax(9em,auto));column-gap:${r.int(18, 34)}px;row-gap:${r.int(8, 16)}px}
.v{border-bottom:1px solid #333;padding:0 4px 2px;min-height:1.3em;font-size:${r.pick(['1em', '1.08em'])};text-align:${align};white-space:nowrap}
.cap{font-size:${r.pick(['.66em', '.72em', '.78em'])};color:${r.pick(['#555', '#333', '#6a6a6a'])};text-align:${align};margin-top:1px}`
  return {
    html: page(body, css, r.pick(['"Noto Sans CJK SC"', '"Noto Serif CJK SC"']), r.int(14, 18)),
    fields: truthOf(b, fs, manField ? {} : { Manufactory: b.manufacturer }),
  }
}

/**
 * B: a form of ruled boxes of different widths, a small label at the top of each box and the value
 * under it; long names and the receiving address take wide boxes and may wrap
 */
export const blindB: Family = (t, r) => {
  const b = blindTicket(r, t.fileType)
  const manField = r.chance(0.6)
  const fs = arrange(r, fieldsOf(b, r, { rare: 0.3, times: ['iso', 'iso-s', 'yy-cn', 'cn-shifen', 'dot'], weights: ['t2', 't3', 'kg', 'kg-grouped'], manufacturerField: manField }))
  const cols = r.pick([3, 4, 4])
  const rowsHtml: string[] = []
  let row: string[] = []
  let used = 0
  const colonAfter = r.pick(['', '', '：', ':'])
  const labelCss = r.pick(['lt', 'shade', 'centre'])
  for (const f of fs) {
    let span = LONG.includes(f.key) ? (cols === 4 ? r.pick([2, 2, 3]) : 2) : 1
    if (f.key === 'Place') span = r.pick([2, cols])
    if (used + span > cols) {
      // the row's last box takes what is left of the row
      if (used < cols) row[row.length - 1] = row[row.length - 1]!.replace(/colspan="(\d+)"/, (_, n: string) => `colspan="${Number(n) + cols - used}"`)
      rowsHtml.push(row.join(''))
      row = []
      used = 0
    }
    const value = f.key === 'User' && r.chance(0.5) ? signed(r, f.value) : esc(f.value)
    row.push(`<td colspan="${span}"><div class="l ${labelCss}">${esc(f.label)}${colonAfter}</div><div class="v${LONG.includes(f.key) ? '' : ' nw'}">${value}</div></td>`)
    used += span
  }
  if (row.length) rowsHtml.push(row.join('') + (used < cols ? `<td colspan="${cols - used}"><div class="l ${labelCss}">备注${colonAfter}</div><div class="v">&nbsp;</div></td>` : ''))
  const title = manField ? esc(docWord(b, r)) : `${esc(b.manufacturer)}<br><small>${esc(docWord(b, r))}</small>`
  const body = `<h1>${title}</h1><table>${rowsHtml.map((x) => `<tr>${x}</tr>`).join('')}</table><div class="foot">${r.pick(['白联：存根　红联：客户　黄联：回单', '第二联 客户联', '请核对后签字，如有异议请于三日内提出'])}</div>`
  const width = r.int(8, 12)
  const css = `h1{font-size:1.35em;text-align:center;margin:2px 0 10px}h1 small{font-size:.7em;font-weight:normal;letter-spacing:.3em}
table{border-collapse:collapse;width:${cols * width}em}td{border:1px solid #222;padding:2px 7px 5px;vertical-align:top}
.l{font-size:.72em;color:#333}.l.shade{background:#ececec;margin:0 -7px 3px;padding:1px 7px}.l.centre{text-align:center}
.v{font-size:1.05em;margin-top:2px}.v.nw{white-space:nowrap}.foot{font-size:.75em;margin-top:6px;color:#444}`
  return {
    html: page(body, css, r.pick(['"Noto Sans CJK SC"', '"Noto Serif CJK SC"']), r.int(13, 17)),
    fields: truthOf(b, fs, manField ? {} : { Manufactory: b.manufacturer }),
  }
}

/**
 * C: a bilingual weighbridge ticket (plants that export or use imported weighing software): each
 * label in Chinese and English, weights in kilograms, English-style dates
 */
export const blindC: Family = (t, r) => {
  const b = blindTicket(r, t.fileType)
  const manField = r.chance(0.5)
  const fs = arrange(r, fieldsOf(b, r, { rare: 0.35, times: ['iso', 'dmy', 'dmy', 'iso-s'], weights: ['kg', 'kg-grouped'], manufacturerField: manField }))
  const how = r.pick(['slash', 'under', 'en-first', 'paren'] as const)
  const c = r.pick([':', '：', ''])
  const label = (f: Field) => {
    const [zh, en] = [esc(f.label), esc(f.en)]
    switch (how) {
      case 'slash': return `${zh}/${en}${c}`
      case 'under': return `${zh}${c}<div class="en">${en}</div>`
      case 'en-first': return `${en} ${zh}${c}`
      default: return `${zh}(${en})${c}`
    }
  }
  const table = r.chance(0.5)
  const per = r.pick([1, 2])
  const pairs: Field[][] = []
  for (let i = 0; i < fs.length; i += per) pairs.push(fs.slice(i, i + per))
  const en = b.fileType === 1 ? r.pick(['WEIGHBRIDGE TICKET', 'DELIVERY NOTE', 'DISPATCH NOTE']) : r.pick(['RECEIVING NOTE', 'GOODS RECEIVED NOTE', 'PROOF OF DELIVERY'])
  const zh = b.fileType === 1 ? r.pick(['过磅单', '发货单', '出厂单']) : r.pick(['收货单', '验收单', '签收单'])
  const head = `<h1>${manField ? '' : `${esc(b.manufacturer)}<br>`}${zh} <span class="en">${en}</span></h1>`
  const body = head + (table
    ? `<table>${pairs.map((p) => `<tr>${p.map((f) => `<td class="l">${label(f)}</td><td class="v">${esc(f.value)}</td>`).join('')}</tr>`).join('')}</table>`
    : `<div class="cols" style="grid-template-columns:repeat(${per},auto)">${fs.map((f) => `<div class="ln"><span class="l">${label(f)}</span> <span class="v">${esc(f.value)}</span></div>`).join('')}</div>`)
    + `<div class="foot">Operator 司磅员: ${esc(b.weighman)}　Printed 打印: ${esc(b.time.slice(0, 10))}</div>`
  const css = `h1{font-size:1.3em;text-align:center;margin:2px 0 10px}.en{font-family:"Noto Sans CJK SC";font-size:.72em;color:#333}h1 .en{letter-spacing:.12em;font-size:.6em}
table{border-collapse:collapse}td{border:1px solid #333;padding:4px 9px}td.v{min-width:9em}.cols{display:grid;column-gap:40px}.ln{margin:3px 0;white-space:nowrap}.ln .l{display:inline-block;min-width:${how === 'under' ? 8 : 11}em;vertical-align:top}
.foot{margin-top:8px;font-size:.8em;color:#333}`
  return {
    html: page(body, css, r.pick(['"Noto Sans CJK SC"', '"Noto Sans Mono CJK SC"', '"Noto Serif CJK SC"']), r.int(13, 17)),
    fields: truthOf(b, fs, manField ? {} : { Manufactory: b.manufacturer }),
  }
}

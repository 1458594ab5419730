/** Layout families F06–F10: forms with more on them or done otherwise (two copies, dense columns, dot-matrix, wrapped cells, handwriting). */
import { amountInWords } from './data.js'
import { colon, entries, type Entry, esc, type Family, FONTS, mix, page, rows, title, titleWord, truthOf } from './ticketHtml.js'

/** F06 two 联 side by side (same content), or a narrow stub beside the ticket */
export const twin: Family = (t, r) => {
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
export const dense: Family = (t, r) => {
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
export const dotmatrix: Family = (t, r) => {
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
export const wrapped: Family = (t, r) => {
  const manRow = true
  const es = mix(r, entries(t, r, { manufacturerRow: manRow }))
  const width = r.int(7, 9)
  const c = r.chance(0.5) ? colon(r) : ''
  const body = `<h1>${esc(titleWord(t, r))}</h1><table>${rows(es, 2).map((row) => `<tr>${row.map((e) => `<td class="l">${esc(e.label)}${c}</td><td class="v">${esc(e.value)}</td>`).join('')}</tr>`).join('')}</table>`
  const css = `table{border-collapse:collapse}td{border:1px solid #222;padding:4px 8px;vertical-align:middle}td.v{width:${width}em;max-width:${width}em;word-break:break-all}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 17)), fields: truthOf(t, es) }
}

/** F10 a printed form filled in by hand: numbers (and the plate) in blue ink, uneven */
export const handwritten: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = mix(r, entries(t, r, { manufacturerRow: manRow }))
  const handKeys = ['GrossWeight', 'TareWeight', 'NetWeight', 'Bags', 'PlateNumber', 'Time']
  const hand = (s: string) => [...s].map((ch) => `<span style="display:inline-block;transform:translateY(${r.float(-2, 2).toFixed(1)}px) rotate(${r.float(-7, 7).toFixed(1)}deg) scale(${r.float(0.92, 1.12).toFixed(2)})">${ch === ' ' ? '&nbsp;' : esc(ch)}</span>`).join('')
  const c = colon(r)
  const body = `<h1>${esc(title(t, r, !manRow))}</h1><table>${rows(es, 2).map((row) => `<tr>${row.map((e) => `<td class="l">${esc(e.label)}${c}</td><td class="v">${handKeys.includes(e.key) ? `<span class="hand">${hand(e.value)}</span>` : esc(e.value)}</td>`).join('')}</tr>`).join('')}</table>`
  const css = `table{border-collapse:collapse}td{border-bottom:1px solid #555;padding:6px 10px}.hand{font-family:"Noto Serif CJK SC";font-style:italic;color:${r.pick(['#1a3fa0', '#0d2a70', '#222'])};font-size:1.25em;font-weight:${r.pick(['normal', 'bold'])}}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 17)), fields: truthOf(t, es) }
}

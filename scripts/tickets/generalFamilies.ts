/**
 * Layout families F16–F20 (issue 38, development): what the held-out sets of others found the reader
 * did not know, written from the issue's text (never from a blind family's pictures): captions
 * printed under their values, a grid of boxes with each label above its value, the trade's other
 * words for a field's label (synonyms and abbreviations), two-digit years and 年月日时分 times, and
 * weights in kg under bilingual labels.
 */
import type { Rng, Ticket } from './data.js'
import { colon, entries, type Entry, esc, type Family, FONTS, mix, page, rows, title, truthOf } from './ticketHtml.js'

/**
 * Labels a ticket may print that are not among the generator's usual ones (data.ts LABELS): the
 * other words of the trade for carrier, consignor, consignee, unloading point, settlement and signer,
 * and their abbreviations.
 */
export const OTHER_LABELS: Record<string, readonly string[]> = {
  Manufactory: ['供方', '发货方', '供货企业', '出货单位', '发货企业'],
  Customer: ['需方单位', '购方', '收货客户', '提货单位', '客户单位'],
  Carrier: ['承运方', '运输方', '承运企业', '运输商', '承运车队', '物流单位'],
  Name: ['收方', '收货企业', '接收方', '收货客户', '接收单位'],
  Place: ['卸货点', '卸点', '卸车地点', '目的地', '到货地点', '送达地点', '卸料地点'],
  Settlement: ['结算方', '结算', '付款方', '结算对象', '结算单位名称'],
  User: ['签收', '签收员', '接收人', '确认人', '收货员', '签字人'],
  PlateNumber: ['车牌', '车辆', '车号码'],
  Number: ['单据号', '票据号', '磅单号'],
}

/** the entries with some labels replaced by the trade's other words (about half the fields that have some) */
function otherWords(r: Rng, es: Entry[]): Entry[] {
  return es.map((e) => (OTHER_LABELS[e.key] && r.chance(0.6) ? { ...e, label: r.pick(OTHER_LABELS[e.key]!) } : e))
}

/** a time as some terminals print it: two-digit years, 年月日时分, the time of day first */
function otherTime(r: Rng, time: string): string {
  const [d, t] = time.split(' ')
  const [y, mo, da] = d!.split('-')
  const [h, mi, s] = t!.split(':')
  const yy = y!.slice(2)
  switch (r.int(0, 6)) {
    case 0: return `${yy}-${mo}-${da} ${h}:${mi}`
    case 1: return `${yy}/${mo}/${da} ${h}:${mi}:${s}`
    case 2: return `${y}年${mo}月${da}日${h}时${mi}分`
    case 3: return `${yy}年${mo}月${da}日 ${h}时${mi}分`
    case 4: return `${y}年${Number(mo)}月${Number(da)}日 ${h}时${mi}分${s}秒`
    case 5: return `${h}:${mi} ${y}-${mo}-${da}`
    default: return `${yy}.${mo}.${da} ${h}:${mi}`
  }
}

/** the entries with the time written another way */
function otherTimes(r: Rng, t: Ticket, es: Entry[]): Entry[] {
  return es.map((e) => (e.key === 'Time' ? { ...e, value: otherTime(r, t.time) } : e))
}

const ENGLISH: Record<string, string> = { GrossWeight: 'Gross', TareWeight: 'Tare', NetWeight: 'Net' }

/** weights in kg (or three decimals of a ton) under a bilingual label */
function kilos(r: Rng, es: Entry[]): Entry[] {
  const style = r.pick(['kg-label', 'kg-suffix', 'gongjin', 'ton3'] as const)
  return es.map((e) => {
    if (!ENGLISH[e.key]) return e
    const v = Number(e.truth)
    const kg = String(Math.round(v * 1000))
    const en = `${ENGLISH[e.key]}${r.chance(0.5) ? ' Weight' : ''}`
    switch (style) {
      case 'kg-label': return { ...e, label: `${e.label} ${en}(kg)`, value: kg }
      case 'kg-suffix': return { ...e, label: `${e.label}/${en}`, value: `${kg} kg` }
      case 'gongjin': return { ...e, label: `${e.label}(公斤) ${en}`, value: kg }
      default: return { ...e, label: `${e.label} ${en}`, value: `${v.toFixed(3)} t` }
    }
  })
}

/**
 * F16 captions under their values: each value on a rule, its caption printed small under the rule
 * (a form filled in on lines, a signature block), two or three a row
 */
export const caption: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = otherTimes(r, t, mix(r, entries(t, r, { manufacturerRow: manRow })))
  const per = r.pick([2, 3, 3])
  const cell = (e: Entry) => `<div class="c"><div class="v">${esc(e.value)}</div><div class="l">${esc(e.label)}</div></div>`
  const body = `<h1>${esc(title(t, r, !manRow))}</h1>${rows(es, per).map((row) => `<div class="row">${row.map(cell).join('')}</div>`).join('')}`
  const css = `.row{display:grid;grid-template-columns:repeat(${per},1fr);column-gap:${r.int(18, 36)}px;margin:${r.int(6, 12)}px 0}.v{border-bottom:1px solid #333;padding:0 4px 2px;text-align:${r.pick(['left', 'center'])};white-space:nowrap}.l{font-size:.78em;color:${r.pick(['#333', '#555', '#0a3d8f'])};text-align:center;margin-top:1px}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 18)), fields: truthOf(t, es) }
}

/** F17 a grid of boxes: a row of labels, the row of their values under it, again for the next fields */
export const boxes: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = otherWords(r, mix(r, entries(t, r, { manufacturerRow: manRow })))
  const per = r.pick([3, 4])
  const c = r.chance(0.3) ? colon(r) : ''
  const body = `<h1>${esc(title(t, r, !manRow))}</h1><table>${rows(es, per).map((row) => `<tr class="lr">${row.map((e) => `<td>${esc(e.label)}${c}</td>`).join('')}</tr><tr>${row.map((e) => `<td class="v">${esc(e.value)}</td>`).join('')}</tr>`).join('')}</table>`
  const css = `table{border-collapse:collapse}td{border:1px solid #333;padding:3px 8px;text-align:${r.pick(['left', 'center'])}}tr.lr td{font-size:.82em;background:${r.pick(['#fff', '#f0f0f0', '#eef3fb'])};border-bottom:${r.pick(['1px dotted #999', '1px solid #333'])}}td.v{padding-bottom:6px}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 17)), fields: truthOf(t, es) }
}

/** F18 the trade's other words: "label：value" lines or a table with the labels' synonyms and abbreviations, times written otherwise */
export const vocab: Family = (t, r) => {
  const manRow = r.chance(0.6)
  const es = otherTimes(r, t, otherWords(r, mix(r, entries(t, r, { manufacturerRow: manRow }))))
  const c = colon(r)
  const inTable = r.chance(0.5)
  const body = `<h1>${esc(title(t, r, !manRow))}</h1>` + (inTable
    ? `<table>${rows(es, 2).map((row) => `<tr>${row.map((e) => `<td class="l">${esc(e.label)}</td><td>${esc(e.value)}</td>`).join('')}</tr>`).join('')}</table>`
    : `<div class="cols">${es.map((e) => `<div>${esc(e.label)}${c}${esc(e.value)}</div>`).join('')}</div>`)
  const css = `table{border-collapse:collapse}td{border:1px solid #333;padding:4px 10px}.cols{display:grid;grid-template-columns:auto auto;column-gap:40px;row-gap:${r.int(2, 8)}px}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 18)), fields: truthOf(t, es) }
}

/** F19 weights in kg under bilingual labels, a table or lines, the other fields as usual */
export const kilo: Family = (t, r) => {
  const manRow = r.chance(0.5)
  const es = kilos(r, mix(r, entries(t, r, { manufacturerRow: manRow })))
  const c = r.pick(['：', ':', ''])
  const inTable = r.chance(0.6)
  const body = `<h1>${esc(title(t, r, !manRow))}</h1>` + (inTable
    ? `<table>${rows(es, r.pick([1, 2])).map((row) => `<tr>${row.map((e) => `<td class="l">${esc(e.label)}${c}</td><td>${esc(e.value)}</td>`).join('')}</tr>`).join('')}</table>`
    : es.map((e) => `<div class="ln"><span class="l">${esc(e.label)}${c}</span> ${esc(e.value)}</div>`).join(''))
  const css = `table{border-collapse:collapse}td{border:1px solid #333;padding:5px 10px}.ln{margin:4px 0}.ln .l{display:inline-block;min-width:12em}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 18)), fields: truthOf(t, es) }
}

/**
 * F20 the variations together, as a real ticket combines them: one arrangement of four (captions under
 * values, labels above in boxes, label and value side by side in a table, "label：value" lines), and
 * each of the trade's other words, times written otherwise and weights in kg on or off by chance
 */
export const medley: Family = (t, r) => {
  const manRow = r.chance(0.5)
  let es = mix(r, entries(t, r, { manufacturerRow: manRow }))
  if (r.chance(0.6)) es = otherWords(r, es)
  if (r.chance(0.5)) es = otherTimes(r, t, es)
  if (r.chance(0.4)) es = kilos(r, es)
  const c = r.chance(0.5) ? colon(r) : ''
  const per = r.pick([2, 3])
  const arrangement = r.pick(['caption', 'boxes', 'table', 'lines'] as const)
  const body = `<h1>${esc(title(t, r, !manRow))}</h1>` + {
    caption: () => rows(es, per).map((row) => `<div class="row">${row.map((e) => `<div class="c"><div class="v">${esc(e.value)}</div><div class="l">${esc(e.label)}</div></div>`).join('')}</div>`).join(''),
    boxes: () => `<table>${rows(es, per + 1).map((row) => `<tr class="lr">${row.map((e) => `<td>${esc(e.label)}${c}</td>`).join('')}</tr><tr>${row.map((e) => `<td>${esc(e.value)}</td>`).join('')}</tr>`).join('')}</table>`,
    table: () => `<table>${rows(es, per - 1).map((row) => `<tr>${row.map((e) => `<td class="l">${esc(e.label)}${c}</td><td>${esc(e.value)}</td>`).join('')}</tr>`).join('')}</table>`,
    lines: () => `<div class="cols">${es.map((e) => `<div>${esc(e.label)}${c || '：'}${esc(e.value)}</div>`).join('')}</div>`,
  }[arrangement]()
  const css = `.row{display:grid;grid-template-columns:repeat(${per},1fr);column-gap:${r.int(18, 36)}px;margin:${r.int(6, 12)}px 0}.v{border-bottom:1px solid #333;padding:0 4px 2px;white-space:nowrap}.l{font-size:.8em}.c .l{text-align:center}`
    + `table{border-collapse:collapse}td{border:1px solid #333;padding:${r.int(3, 6)}px ${r.int(6, 10)}px}tr.lr td{font-size:.82em}.cols{display:grid;grid-template-columns:auto auto;column-gap:36px;row-gap:${r.int(2, 8)}px}`
  return { html: page(body, css, r.pick(FONTS), r.int(14, 18)), fields: truthOf(t, es) }
}

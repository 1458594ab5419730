/**
 * Blind families D–F: a table in a brush-like (Kai-style) face with Chinese hour-minute times and a
 * document number apart from the table, "label：value" lines in less common label words and short
 * years, a three-part delivery note (送货单) with a goods table.
 */
import type { Family } from '../ticketHtml.js'
import { arrange, docWord, esc, type Field, fieldsOf, page, signed, truthOf } from './common.js'
import { blindTicket, person } from './data.js'

/**
 * No Kai font is installed beside the Noto CJK fonts: the regional Noto Serif cuts (other glyph
 * forms than the SC cut the other families use) stand in for a plant's Kai-printed forms
 */
const KAI_LIKE = ['"Noto Serif CJK TC"', '"Noto Serif CJK JP"', '"Noto Serif CJK HK"']

/** D: a ruled table in a Kai-like face, times as 18时28分, the number printed apart in the corner or in the table */
export const blindD: Family = (t, r) => {
  const b = blindTicket(r, t.fileType)
  const manField = r.chance(0.5)
  let fs = arrange(r, fieldsOf(b, r, { rare: 0.35, times: ['cn-shifen', 'yy-cn-shifen', 'cn-shifen'], weights: ['t2', 't3'], manufacturerField: manField }))
  const numberApart = r.chance(0.6)
  const num = fs.find((f) => f.key === 'Number')!
  if (numberApart) fs = fs.filter((f) => f !== num)
  const ink = r.pick(['#111', '#111', '#9a1c1c', '#1c2f7a'])
  const per = r.pick([2, 2, 1])
  const rowsOf: Field[][] = []
  for (let i = 0; i < fs.length; i += per) rowsOf.push(fs.slice(i, i + per))
  const c = r.pick(['', '：'])
  const corner = numberApart
    ? `<div class="no">${r.pick([`${esc(num.label)}：`, '№ ', 'No.', 'NO：'])}<span class="nv">${esc(num.value)}</span></div>`
    : ''
  const head = `${corner}<h1>${manField ? '' : `${esc(b.manufacturer)}<br>`}${esc(docWord(b, r))}</h1>`
  const body = `${head}<table>${rowsOf.map((row) => `<tr>${row.map((f) => `<td class="l">${esc(f.label)}${c}</td><td class="v"${per === 2 && row.length === 1 ? ' colspan="3"' : ''}>${f.key === 'User' && r.chance(0.5) ? signed(r, f.value) : esc(f.value)}</td>`).join('')}</tr>`).join('')}</table>
<div class="foot">${r.pick(['计量', '司磅', '开单'])}：${esc(b.weighman)}　　${r.pick(['审核', '复核'])}：${esc(person(r))}</div>`
  const css = `.ticket{position:relative;padding-top:22px}h1{font-size:1.5em;text-align:center;margin:4px 0 12px;color:${ink};letter-spacing:.1em;font-weight:normal}
.no{position:absolute;right:22px;top:8px;color:#b01818;font-size:.95em}.nv{font-family:"Noto Sans Mono CJK SC";letter-spacing:.04em}
table{border-collapse:collapse;border:3px double ${ink}}td{border:1px solid ${ink};padding:5px 10px}td.l{color:${ink};white-space:nowrap;text-align:${r.pick(['center', 'left'])}}td.v{min-width:10em}
.foot{margin-top:8px;color:${ink}}`
  return {
    html: page(body, css, r.pick(KAI_LIKE), r.int(15, 19)),
    fields: truthOf(b, numberApart ? [...fs, num] : fs, manField ? {} : { Manufactory: b.manufacturer }),
  }
}

/** a two-character label spread to the width of four, as forms print them */
const spread = (s: string) => (s.length === 2 ? `${s[0]}　　${s[1]}` : s.length === 3 ? `${s[0]} ${s[1]} ${s[2]}` : s)

/** E: "label：value" lines in the less common words of the trade, two-digit years and other date orders */
export const blindE: Family = (t, r) => {
  const b = blindTicket(r, t.fileType)
  const manField = r.chance(0.6)
  const fs = arrange(r, fieldsOf(b, r, { rare: 0.85, times: ['yy-dash', 'yy-slash', 'yy-cn', 'yy-cn-shifen', 'time-first', 'compact', 'dmy'], weights: ['t2', 't3', 'kg'], manufacturerField: manField }))
  const style = r.pick(['colon', 'spread', 'leader'] as const)
  const c = r.pick(['：', ':', '： '])
  const two = r.chance(0.4)
  const line = (f: Field) => {
    const value = f.key === 'User' && r.chance(0.5) ? signed(r, f.value) : esc(f.value)
    if (style === 'leader') return `<div class="ln lead"><span class="l">${esc(f.label)}</span><span class="dots"></span><span class="v">${value}</span></div>`
    return `<div class="ln"><span class="l">${style === 'spread' ? spread(esc(f.label)) : esc(f.label)}${c}</span><span class="v">${value}</span></div>`
  }
  const head = `<h1>${manField ? '' : `${esc(b.manufacturer)}<br>`}${esc(docWord(b, r))}</h1>`
  const body = `${head}<div class="${two && style !== 'leader' ? 'two' : 'one'}">${fs.map(line).join('')}</div>
<div class="foot">${r.pick(['司磅', '过磅员', '制单'])}${c}${esc(b.weighman)}　　${r.pick(['司机', '驾驶员'])}${c}${esc(b.driver)}　　${r.pick(['电话', '联系电话'])}${c}${esc(b.phone)}</div>`
  const css = `h1{font-size:1.35em;text-align:center;margin:2px 0 12px;letter-spacing:.06em}.ln{margin:${r.int(3, 7)}px 0;white-space:nowrap}
.two{display:grid;grid-template-columns:auto auto;column-gap:44px}.l{display:inline-block;min-width:${style === 'spread' ? 5.5 : 4}em}
.lead{display:flex;width:30em}.lead .dots{flex:1;border-bottom:2px dotted #555;margin:0 6px .35em}.foot{margin-top:10px;border-top:1px solid #999;padding-top:5px;font-size:.9em}`
  return {
    html: page(body, css, r.pick(['"Noto Sans CJK SC"', '"Noto Serif CJK SC"', '"Noto Sans Mono CJK SC"']), r.int(14, 18)),
    fields: truthOf(b, fs, manField ? {} : { Manufactory: b.manufacturer }),
  }
}

/**
 * F: a three-part delivery note (送货单) on tinted copy paper: the parties and the date above, a goods
 * table (name, grade and batch, unit, quantity = net tonnes), the vehicle and the signatures below,
 * the parts named down the right edge
 */
export const blindF: Family = (t, r) => {
  const b = blindTicket(r, t.fileType)
  const all = fieldsOf(b, r, { rare: 0.4, times: ['iso', 'cn-shifen', 'yy-cn', 'dot'], weights: ['t2', 't3'], manufacturerField: false, omit: r.chance(0.5) ? ['GrossWeight', 'TareWeight'] : [] })
  const get = (k: string) => all.find((f) => f.key === k)
  const c = r.pick(['：', ':'])
  const lab = (f: Field) => `<span class="l">${esc(f.label)}${c}</span>`
  const top = ['Customer', 'Name', 'Settlement', 'Place', 'Time'].map(get).filter((f): f is Field => !!f)
  const num = get('Number')!
  const net = get('NetWeight')!
  const bags = get('Bags')
  const qtyHead = r.pick(['数量', '净重', '实发数量', '数量(吨)'])
  const netValue = net.value.replace(/\s*(吨|t|T)$/, '')
  const goodsTable = `<table class="goods"><tr><th>序号</th><th>${esc(get('GoodsName')!.label)}</th><th>${esc(r.chance(0.5) ? get('Specific')!.label : r.pick(['规格型号', '规格', '型号/批号']))}</th><th>单位</th><th>${esc(qtyHead)}</th>${bags ? `<th>${esc(bags.label)}</th>` : ''}<th>备注</th></tr>
<tr><td>1</td><td>${esc(get('GoodsName')!.value)}</td><td>${esc(get('Specific')!.value)}</td><td>吨</td><td>${esc(netValue)}</td>${bags ? `<td>${esc(bags.value)}</td>` : ''}<td></td></tr>
<tr class="blank"><td>2</td><td></td><td></td><td></td><td></td>${bags ? '<td></td>' : ''}<td></td></tr></table>`
  const weights = ['GrossWeight', 'TareWeight'].map(get).filter((f): f is Field => !!f)
  const weighLine = weights.length ? `<div class="ln">${weights.map((f) => `${lab(f)}${esc(f.value)}`).join('　　')}</div>` : ''
  const plate = get('PlateNumber')!
  const carrier = get('Carrier')!
  const user = get('User')
  const body = `<div class="sheet"><div class="main"><h1>${esc(b.manufacturer)}</h1><h2>${b.fileType === 1 ? '送　货　单' : r.pick(['送货回单', '收货回执单'])}</h2>
<div class="no">${r.pick(['No', 'NO.', '№'])}&nbsp;<span>${esc(num.value)}</span></div>
<div class="top">${top.map((f) => `<div class="ln${f.key === 'Place' ? ' wide' : ''}">${lab(f)}${esc(f.value)}</div>`).join('')}</div>
${goodsTable}${weighLine}
<div class="ln">${lab(plate)}${esc(plate.value)}　　${lab(carrier)}${esc(carrier.value)}</div>
<div class="sign"><span>送货人${c}${esc(b.driver)}</span>${user ? `<span>${lab(user)}${signed(r, user.value)}</span>` : `<span>${r.pick(['收货人签字', '客户签收'])}${c}</span>`}<span>${r.pick(['制单', '开票'])}${c}${esc(b.weighman)}</span></div></div>
<div class="parts">①存根(白)　②客户(红)　③回单(黄)</div></div>`
  const paper = r.pick(['#ffffff', '#fde8ee', '#fdf7d8', '#e6f0fb'])
  const css = `.ticket{background:${paper}}.sheet{display:flex;gap:10px}.main{min-width:36em}
h1{font-size:1.3em;text-align:center;margin:0}h2{font-size:1.25em;text-align:center;margin:2px 0 6px;letter-spacing:.2em;text-decoration:underline double}
.no{text-align:right;color:#c01515;font-size:1.05em;margin-top:-28px;margin-bottom:10px}.no span{font-family:"Noto Sans Mono CJK SC";letter-spacing:.06em}
.top{display:grid;grid-template-columns:auto auto;column-gap:30px}.top .ln{white-space:nowrap}.top .wide{grid-column:span 2}.ln{margin:3px 0}
table.goods{border-collapse:collapse;margin:6px 0;width:100%}.goods th,.goods td{border:1px solid #333;padding:4px 8px;text-align:center;font-weight:normal}.blank td{height:1.3em}
.sign{display:flex;justify-content:space-between;margin-top:8px;gap:24px}.parts{writing-mode:vertical-rl;font-size:.75em;color:#555;border-left:1px dashed #999;padding-left:4px}`
  const truthFields = [...top, num, get('GoodsName')!, get('Specific')!, net, ...(bags ? [bags] : []), ...weights, plate, carrier, ...(user ? [user] : [])]
  return {
    html: page(body, css, r.pick(['"Noto Sans CJK SC"', '"Noto Serif CJK SC"']), r.int(13, 16)),
    fields: truthOf(b, truthFields, { Manufactory: b.manufacturer }),
  }
}

/**
 * Field extraction from OCR lines: the chosen format's extraction rules first, then built-in
 * label synonyms, then value-shape fallbacks (plate, date, cement grade anywhere on the page).
 * Values are paired with labels by geometry: same text box after the label, the next box on the
 * same row, or the box below (table column).
 */
import type { OcrLine } from './engine.js'
import { estimateSkew, rotatePoints } from './image.js'
import {
  normalizeCode,
  normalizePlate,
  normalizeSpec,
  normalizeText,
  parseDateTime,
  parseInteger,
  parseUnit,
  parseWeight,
  PROVINCES,
  type WeightUnit,
} from './normalize.js'
import { safeExec, safeExecAll, UserRegexError, type SafeMatch } from './safeRegex.js'
import type { ExtractionRule, FieldMeta, FieldValue, FileType } from './types.js'

export type FieldKind = 'org' | 'text' | 'spec' | 'plate' | 'code' | 'time' | 'weight' | 'int' | 'person' | 'remark'

export const DELIVERY_FIELDS = [
  'Manufactory', 'Customer', 'GoodsName', 'Specific', 'PlateNumber', 'Carrier', 'Number', 'Time',
  'NetWeight', 'Bags', 'GrossWeight', 'TareWeight', 'Additional',
] as const
export const SIGN_FIELDS = [
  'Manufactory', 'Customer', 'GoodsName', 'Specific', 'PlateNumber', 'Carrier', 'Name', 'Place', 'Number',
  'Time', 'NetWeight', 'FirstNetWeight', 'Bags', 'GrossWeight', 'TareWeight', 'User', 'Settlement', 'Additional',
] as const

export const FIELD_KIND: Record<string, FieldKind> = {
  Manufactory: 'org', Customer: 'org', Carrier: 'org', Name: 'org', Settlement: 'org',
  GoodsName: 'text', Place: 'text', Additional: 'remark',
  Specific: 'spec', PlateNumber: 'plate', Number: 'code', Time: 'time',
  NetWeight: 'weight', FirstNetWeight: 'weight', GrossWeight: 'weight', TareWeight: 'weight',
  Bags: 'int', User: 'person',
}

export const fieldPrefix = (fileType: FileType) => (fileType === 1 ? 'delivery' : 'sign')
/** A field name with its ticket type's prefix: 'NetWeight' -> 'deliveryNetWeight'; a prefixed name stays. */
export const qualifyField = (field: string, fileType: FileType) => (/^(delivery|sign)/.test(field) ? field : fieldPrefix(fileType) + field)
export const fieldNames = (fileType: FileType) =>
  (fileType === 1 ? DELIVERY_FIELDS : SIGN_FIELDS).map((s) => fieldPrefix(fileType) + s)

/** 'deliveryNetWeight' | 'NetWeight' -> 'NetWeight' */
export function fieldSuffix(property: string): string {
  return property.replace(/^(delivery|sign)/, '')
}

const ORG_MAN = ['生产厂家', '生产企业', '生产单位', '生产商', '制造商', '供货厂家', '供货单位', '供货商', '供应商', '发货单位', '发货厂家', '发货方', '厂家名称', '厂家', '厂名', '销售单位']
const CUSTOMER = ['购货单位', '购货方', '购买单位', '购方单位', '客户名称', '客户单位', '订货单位', '采购单位', '需方', '客户']

/** built-in label synonyms per field, best first */
export const SYNONYMS: Record<FileType, Record<string, string[]>> = {
  1: {
    Manufactory: ORG_MAN,
    Customer: [...CUSTOMER, '收货单位', '收货方'],
    GoodsName: ['产品名称', '商品名称', '货物名称', '物料名称', '物资名称', '货品名称', '品名', '货名', '物料', '产品', '商品', '货物'],
    Specific: ['水泥编号', '出厂编号', '水泥批号', '出厂批号', '批次号', '批号', '规格型号', '品种规格', '规格', '型号', '强度等级', '编号'],
    PlateNumber: ['车牌号码', '车牌号', '车辆号码', '车辆牌号', '运输车号', '车号', '车牌', '车辆'],
    Carrier: ['承运单位', '承运公司', '承运商', '承运人', '承运方', '运输单位', '运输公司', '物流公司', '承运'],
    Number: ['发货单号', '单据编号', '单据号码', '单据号', '提货单号', '出库单号', '销售单号', '过磅单号', '磅单号', '流水号', '票据号', '单号', '票号', '编号', 'NO.', 'NO'],
    Time: ['发货时间', '发货日期', '出厂时间', '出厂日期', '出库时间', '出库日期', '过磅时间', '过磅日期', '称重时间', '提货时间', '日期', '时间'],
    NetWeight: ['实发净重', '净重量', '净重', '实重', 'NET'],
    Bags: ['袋数', '包数', '件数'],
    GrossWeight: ['毛重量', '毛重', '总重', 'GROSS'],
    TareWeight: ['皮重量', '皮重', '空车重', '车重', 'TARE'],
    Additional: ['备注', '附注'],
  },
  2: {
    Manufactory: ORG_MAN,
    Customer: CUSTOMER,
    GoodsName: ['产品名称', '商品名称', '货物名称', '物料名称', '物资名称', '货品名称', '品名', '货名', '物料', '产品', '商品', '货物'],
    Specific: ['水泥编号', '出厂编号', '水泥批号', '出厂批号', '批次号', '批号', '规格型号', '品种规格', '规格', '型号', '强度等级', '编号'],
    PlateNumber: ['车牌号码', '车牌号', '车辆号码', '车辆牌号', '运输车号', '车号', '车牌', '车辆'],
    Carrier: ['承运单位', '承运公司', '承运商', '承运人', '承运方', '运输单位', '运输公司', '物流公司', '承运'],
    Name: ['收货单位名称', '收货单位', '收货方', '收货客户', '到货单位', '接收单位'],
    Place: ['收货地址', '收货地点', '卸货地点', '卸货地址', '送货地址', '交货地点', '工地地址', '工程地址', '地址'],
    Number: ['收货单号', '单据编号', '单据号码', '单据号', '签收单号', '入库单号', '过磅单号', '磅单号', '流水号', '票据号', '单号', '票号', '编号', 'NO.', 'NO'],
    Time: ['收货时间', '收货日期', '签收时间', '签收日期', '到货时间', '到货日期', '卸货时间', '入库时间', '过磅时间', '过磅日期', '称重时间', '日期', '时间'],
    NetWeight: ['实收净重', '收货净重', '净重量', '净重', '实重', 'NET'],
    FirstNetWeight: ['第一收货净重', '首次净重'],
    Bags: ['袋数', '包数', '件数'],
    GrossWeight: ['毛重量', '毛重', '总重', 'GROSS'],
    TareWeight: ['皮重量', '皮重', '空车重', '车重', 'TARE'],
    User: ['签收人', '验收人', '收货人', '收料员', '收料人', '经办人', '司磅员', '过磅员', '司磅', '签收'],
    Settlement: ['结算单位', '结算客户', '结算方', '付款单位'],
    Additional: ['备注', '附注'],
  },
}

/** labels that belong to no field but must stop a value (so their values are not taken) */
const STOP_LABELS = [
  '司机姓名', '司机', '驾驶员', '联系电话', '电话', '手机', '制单人', '制单', '开票人', '开票', '审核人', '审核',
  '单价', '金额', '数量', '仓库', '发货人', '提货人', '装车人', '签字', '负责人', '运费', '磅房', '磅号',
  '身份证', '合同号', '订单号', '扣重', '扣杂', '含水', '执行标准', '包装', '出厂日期前',
]

// ------------------------------------------------------------------- layout

interface Seg {
  label: string | null
  /** field suffixes the label stands for (empty for stop/generic labels) */
  start: number
  end: number
  unit: WeightUnit | null
  value: string
}

export interface Item {
  idx: number
  raw: string
  text: string
  score: number
  box: number[][]
  x0: number
  x1: number
  y0: number
  y1: number
  cx: number
  cy: number
  h: number
  /** text before the first label (a bare value) */
  prefix: string
  segs: Seg[]
}

export interface Layout {
  items: Item[]
  fileType: FileType
  lexicon: string[]
  labelFields: Map<string, string[]>
  skew: number
}

function buildLexicon(fileType: FileType) {
  const labelFields = new Map<string, string[]>()
  for (const [field, labels] of Object.entries(SYNONYMS[fileType])) {
    for (const l of labels) {
      const k = l.toUpperCase()
      labelFields.set(k, [...(labelFields.get(k) ?? []), field])
    }
  }
  for (const l of STOP_LABELS) if (!labelFields.has(l)) labelFields.set(l, [])
  // the other note's labels also stop values
  for (const labels of Object.values(SYNONYMS[fileType === 1 ? 2 : 1]))
    for (const l of labels) if (!labelFields.has(l.toUpperCase())) labelFields.set(l.toUpperCase(), [])
  const lexicon = [...labelFields.keys()].sort((a, b) => b.length - a.length)
  return { labelFields, lexicon }
}

const UNIT_RE = /^\s*\(\s*(t|T|吨|kg|KG|Kg|公斤|千克)\s*\)/
const GENERIC_LABEL_RE = /[\u4e00-\u9fff]{2,8}(?=\s*(?:\([^)]{0,6}\))?\s*:)/g

/** split one normalised text into [prefix] + label/value segments */
export function segment(text: string, lexicon: string[]): { prefix: string; segs: Seg[] } {
  const upper = text.toUpperCase()
  const found: { start: number; label: string }[] = []
  let i = 0
  while (i < upper.length) {
    let hit: string | null = null
    for (const l of lexicon) {
      if (upper.startsWith(l, i)) {
        hit = l
        break
      }
    }
    if (hit) {
      const after = text.slice(i + hit.length)
      const before = text.slice(0, i)
      const isAscii = /^[A-Z.]+$/.test(hit)
      const followedByColon = /^\s*(?:\([^)]{0,6}\))?\s*:/.test(after)
      const ok =
        (i === 0 && (!isAscii || followedByColon || /^\s*[\d(]/.test(after))) ||
        followedByColon ||
        (!isAscii && (/\s$/.test(before) || /[\d吨tT)]\s*$/.test(before)) && /^\s*[\u4e00-\u9fff\d(A-Z]/.test(after) === true && hit.length >= 2)
      // a label glued inside a Chinese phrase (e.g. 单位 in a company name) is not a label
      if (ok && !(i > 0 && !followedByColon && /[\u4e00-\u9fff]$/.test(before))) {
        found.push({ start: i, label: hit })
        i += hit.length
        continue
      }
    }
    i++
  }
  // generic "xxxx:" labels we do not know
  for (const m of text.matchAll(GENERIC_LABEL_RE)) {
    const s = m.index!
    const e = s + m[0].length
    if (found.some((f) => s < f.start + f.label.length && e > f.start)) continue
    // only take the last up-to-6 chars before the colon as a label when at start or after space
    if (s === 0 || /[\s\d)]$/.test(text.slice(0, s))) found.push({ start: s, label: m[0] })
  }
  found.sort((a, b) => a.start - b.start)
  const segs: Seg[] = []
  for (let k = 0; k < found.length; k++) {
    const f = found[k]
    let p = f.start + f.label.length
    let unit: WeightUnit | null = null
    const um = text.slice(p).match(UNIT_RE)
    if (um) {
      unit = parseUnit(um[1])
      p += um[0].length
    }
    const cm = text.slice(p).match(/^\s*:?\s*/)
    p += cm ? cm[0].length : 0
    const end = k + 1 < found.length ? found[k + 1].start : text.length
    segs.push({ label: f.label, start: f.start, end: p, unit, value: text.slice(p, Math.max(p, end)).trim() })
  }
  const prefix = (found.length ? text.slice(0, found[0].start) : text).trim()
  return { prefix, segs }
}

const SHORT_CJK = /^[\u4e00-\u9fff]{1,3}$/

/**
 * Labels printed with wide letter spacing ("毛    重") come out as one box per character:
 * join short Chinese boxes that sit next to each other on a row.
 */
export function mergeSpacedLabels(lines: OcrLine[]): OcrLine[] {
  const out = lines.map((l) => ({ ...l, box: l.box.map((p) => [...p]) as OcrLine['box'] }))
  const geo = (l: OcrLine) => {
    const ys = l.box.map((p) => p[1])
    const xs = l.box.map((p) => p[0])
    return { x0: Math.min(...xs), x1: Math.max(...xs), cy: (Math.min(...ys) + Math.max(...ys)) / 2, h: Math.max(...ys) - Math.min(...ys) }
  }
  let changed = true
  while (changed) {
    changed = false
    for (let i = 0; i < out.length && !changed; i++) {
      const a = out[i]
      const ta = a.text.replace(/\s+/g, '')
      if (!SHORT_CJK.test(ta) || ta.length > 2) continue
      const ga = geo(a)
      let best = -1
      let bestGap = Infinity
      for (let j = 0; j < out.length; j++) {
        if (j === i) continue
        const b = out[j]
        const tb = b.text.replace(/\s+/g, '')
        if (!SHORT_CJK.test(tb)) continue
        const gb = geo(b)
        const h = Math.max(ga.h, gb.h)
        if (Math.abs(gb.cy - ga.cy) > 0.4 * h) continue
        const gap = gb.x0 - ga.x1
        if (gap < -0.3 * h || gap > 3 * h) continue
        if (gap < bestGap) {
          bestGap = gap
          best = j
        }
      }
      if (best >= 0) {
        const b = out[best]
        out[i] = {
          text: ta + b.text.replace(/\s+/g, ''),
          score: Math.min(a.score, b.score),
          box: [a.box[0], b.box[1], b.box[2], a.box[3]],
        }
        out.splice(best, 1)
        changed = true
      }
    }
  }
  return out
}

export function buildLayout(rawLines: OcrLine[], fileType: FileType, width: number, height: number): Layout {
  const { labelFields, lexicon } = buildLexicon(fileType)
  const lines = mergeSpacedLabels(rawLines)
  const skew = estimateSkew(lines)
  const items: Item[] = lines.map((l, idx) => {
    const b = Math.abs(skew) > 0.3 ? rotatePoints(l.box, skew, width / 2, height / 2) : l.box
    const xs = b.map((p) => p[0])
    const ys = b.map((p) => p[1])
    const y0 = Math.min(...ys)
    const y1 = Math.max(...ys)
    const text = normalizeText(l.text)
    const { prefix, segs } = segment(text, lexicon)
    return {
      idx, raw: l.text, text, score: l.score, box: l.box,
      x0: Math.min(...xs), x1: Math.max(...xs), y0, y1,
      cx: (Math.min(...xs) + Math.max(...xs)) / 2, cy: (y0 + y1) / 2, h: Math.max(1, y1 - y0),
      prefix, segs,
    }
  })
  return { items, fileType, lexicon, labelFields, skew }
}

// -------------------------------------------------------------- candidates

interface Candidate {
  text: string
  item: Item
}

/** nearest box right of `it` on the same row, if it does not start with a label */
function rightOf(layout: Layout, it: Item): Candidate | null {
  let best: Item | null = null
  for (const o of layout.items) {
    if (o === it) continue
    const h = Math.max(it.h, o.h)
    if (Math.abs(o.cy - it.cy) > 0.5 * h) continue
    if (o.x0 < it.x1 - 0.3 * h) continue
    if (o.x0 - it.x1 > 12 * h) continue
    if (!best || o.x0 < best.x0) best = o
  }
  if (!best || !best.prefix) return null
  return { text: best.prefix, item: best }
}

/** nearest box below `it` overlapping it horizontally (table column), if it is not a label */
function below(layout: Layout, it: Item): Candidate | null {
  let best: Item | null = null
  for (const o of layout.items) {
    if (o === it || o.cy <= it.y1) continue
    if (o.y0 - it.y1 > 1.8 * it.h) continue
    const overlap = Math.min(o.x1, it.x1) - Math.max(o.x0, it.x0)
    if (overlap < 0.3 * Math.min(o.x1 - o.x0, it.x1 - it.x0)) continue
    if (!best || o.y0 < best.y0) best = o
  }
  if (!best || !best.prefix || best.segs.length) return null
  return { text: best.prefix, item: best }
}

// ------------------------------------------------------------------ parsing

const ORG_WORDS = /公司|集团|厂|局|院|站|中心|部|所|处|队|店|社|委|单位|项目|商行|工程|建设|建材|物流|运输|混凝土|水泥/

/** parse a candidate value for a field kind; null when it does not look like one */
export function parseValue(kind: FieldKind, raw: string, unit: WeightUnit | null = null): FieldValue {
  const t = normalizeText(raw).replace(/^[\s:;,.、]+|[\s:;,、]+$/g, '')
  if (!t) return null
  switch (kind) {
    case 'weight': {
      if (!/\d/.test(t.replace(/[Oo]/g, '0'))) return null
      const v = parseWeight(t, unit)
      return v !== null && v >= 0 && v < 200 ? v : null
    }
    case 'int': {
      const v = parseInteger(t)
      return v !== null && v >= 0 && v < 100000 ? v : null
    }
    case 'time':
      return parseDateTime(t)
    case 'plate': {
      const p = normalizePlate(t)
      return new RegExp(`^[${PROVINCES}][A-Z][A-Z0-9]{3,6}`).test(p) ? p : null
    }
    case 'code': {
      if (/^P\.[A-Z]/i.test(t)) return null
      const c = normalizeCode(t)
      return (c.match(/\d/g) ?? []).length >= 4 ? c : null
    }
    case 'spec': {
      const s = normalizeSpec(t.split(' ')[0].length >= 3 ? t.replace(/\s+(?=[-\d])/g, '') : t)
      if (/^[A-Z]{0,4}\d{8,}$/.test(s)) return null
      return /[\dA-Za-z]/.test(s) ? s : null
    }
    case 'org': {
      const s = t.replace(/\s+/g, '')
      if (!/[\u4e00-\u9fff]/.test(s) || s.length < 2) return null
      if (/^\d/.test(s)) return null
      return s
    }
    case 'person': {
      const m = t.match(/[\u4e00-\u9fff·]{2,5}/)
      return m ? m[0] : null
    }
    case 'text': {
      const s = t.replace(/\s+(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])\s+/g, '')
      return /[\u4e00-\u9fff\w]/.test(s) ? s : null
    }
    case 'remark':
      return t
  }
}

export interface FieldResult {
  value: FieldValue
  meta: FieldMeta
}

function result(value: FieldValue, c: Candidate, source: FieldMeta['source']): FieldResult {
  return { value, meta: { confidence: Math.round(c.item.score * 1000) / 1000, box: c.item.box.map((p) => [Math.round(p[0]), Math.round(p[1])]), source } }
}

/** value after a label found at [labelEnd] of `it`: same box, right, below */
function valueCandidates(layout: Layout, it: Item, inline: string): Candidate[] {
  const out: Candidate[] = []
  if (inline) out.push({ text: inline, item: it })
  const r = rightOf(layout, it)
  if (r) out.push(r)
  const b = below(layout, it)
  if (b) out.push(b)
  return out
}

// --------------------------------------------------------------- synonyms

export function extractBySynonyms(layout: Layout, suffix: string): FieldResult | null {
  const labels = SYNONYMS[layout.fileType][suffix]
  const kind = FIELD_KIND[suffix]
  if (!labels || !kind) return null
  for (const label of labels) {
    const L = label.toUpperCase()
    for (const it of layout.items) {
      for (let si = 0; si < it.segs.length; si++) {
        const seg = it.segs[si]
        if (seg.label !== L) continue
        const isLast = si === it.segs.length - 1
        const cands: Candidate[] = []
        if (seg.value) cands.push({ text: seg.value, item: it })
        if (!seg.value && isLast) {
          const r = rightOf(layout, it)
          if (r) cands.push(r)
          const b = below(layout, it)
          if (b) cands.push(b)
        }
        for (const c of cands) {
          const v = parseValue(kind, c.text, seg.unit)
          if (v !== null && v !== '') return result(v, c, 'synonym')
        }
      }
    }
  }
  return null
}

/** values recognisable by their shape anywhere on the page */
export function extractByShape(layout: Layout, suffix: string): FieldResult | null {
  const kind = FIELD_KIND[suffix]
  if (kind === 'plate') {
    const re = new RegExp(`[${PROVINCES}][·\\s]?[A-Z][·\\s]?[A-Z0-9]{4,6}`)
    for (const it of layout.items) {
      const m = it.text.toUpperCase().match(re)
      if (m) {
        const v = parseValue('plate', m[0])
        if (v) return result(v, { text: m[0], item: it }, 'synonym')
      }
    }
  }
  if (kind === 'time') {
    for (const it of layout.items) {
      if (/(19|20)\d{2}\s*[-/.年]\s*\d{1,2}/.test(it.text)) {
        const v = parseDateTime(it.text)
        if (v) return result(v, { text: it.text, item: it }, 'synonym')
      }
    }
  }
  if (kind === 'spec') {
    for (const it of layout.items) {
      const m = it.text.match(/P\s*[.·]\s*[A-Z0-9](?:\.?[A-Z])?\s*\d{2}\.\d[A-Z]?(?:-[A-Z0-9]+)?/i)
      if (m) return result(normalizeSpec(m[0]), { text: m[0], item: it }, 'synonym')
    }
  }
  return null
}

const TITLE_SUFFIX =
  /(?:产品|水泥|商品|货物)?(?:发货|收货|出库|出厂|提货|过磅|称重|销售|送货|计量|签收|验收|到货|入库)+(?:确认|通知|计量|称重)?(?:单|票|凭证|磅单)$|(?:过磅|称重|计量)?磅单$/

/** manufacturer named by the title line ('XX水泥有限公司产品发货单' -> 'XX水泥有限公司') */
export function extractTitleManufacturer(layout: Layout): FieldResult | null {
  const top = [...layout.items].sort((a, b) => a.y0 - b.y0).slice(0, 4)
  for (const it of top) {
    if (it.segs.length) continue
    // join boxes of the same row (title split in two boxes)
    const row = layout.items
      .filter((o) => Math.abs(o.cy - it.cy) < 0.5 * Math.max(o.h, it.h) && !o.segs.length)
      .sort((a, b) => a.x0 - b.x0)
    const text = row.map((o) => o.text).join('').replace(/\s+/g, '')
    if (!TITLE_SUFFIX.test(text)) continue
    const name = text.replace(TITLE_SUFFIX, '')
    const m = name.match(/^(.*(?:有限责任公司|股份有限公司|有限公司|公司|集团|厂))/)
    if (m && m[1].length >= 4) return result(m[1], { text, item: it }, 'title')
  }
  return null
}

// ------------------------------------------------------------------- rules

export interface RuleOutcome {
  results: Record<string, FieldResult>
  errors: Record<string, string>
}

/** the value a `valueRegular` match stands for: its first group that took part, else the whole match */
const matched = (m: SafeMatch) => (m.groups.length > 1 ? m.groups.slice(1).find((g) => g != null) : null) ?? m.groups[0] ?? ''

/** apply user extraction rules; a failing rule (bad or slow regex) is reported, never thrown */
export function applyRules(layout: Layout, rules: ExtractionRule[]): RuleOutcome {
  const prefix = fieldPrefix(layout.fileType)
  const results: Record<string, FieldResult> = {}
  const errors: Record<string, string> = {}
  const texts = layout.items.map((i) => i.text)
  for (const rule of rules) {
    const suffix = fieldSuffix(rule.property ?? '')
    const field = prefix + suffix
    const kind = FIELD_KIND[suffix]
    if (!kind || results[field]) continue
    if (rule.property.startsWith('delivery') && layout.fileType !== 1) continue
    if (rule.property.startsWith('sign') && layout.fileType !== 2) continue
    try {
      const parsed = (text: string, c: Candidate, unit: WeightUnit | null): FieldResult | null => {
        const v = parseValue(kind, text, unit)
        return v === null || v === '' ? null : result(v, c, 'rule')
      }
      const pick = (c: Candidate, unit: WeightUnit | null): FieldResult | null => {
        let text = c.text
        if (rule.valueRegular) {
          const m = safeExec(rule.valueRegular, text)
          if (!m) return null
          text = matched(m)
        }
        return parsed(text, c, unit)
      }
      let found: FieldResult | null = null
      if (rule.valueNameRegular) {
        const matches = safeExecAll(rule.valueNameRegular, texts)
        for (let k = 0; k < matches.length && !found; k++) {
          const m = matches[k]
          if (!m) continue
          const it = layout.items[k]
          let end = m.index + (m.groups[0]?.length ?? 0)
          let unit: WeightUnit | null = null
          const um = it.text.slice(end).match(UNIT_RE)
          if (um) {
            unit = parseUnit(um[1])
            end += um[0].length
          }
          let rest = it.text.slice(end).replace(/^\s*:?\s*/, '')
          // stop at the next label in the same box
          const next = it.segs.find((s) => s.start >= end)
          if (next) rest = it.text.slice(end, next.start).replace(/^\s*:?\s*/, '').trim()
          for (const c of valueCandidates(layout, it, rest)) {
            found = pick(c, unit)
            if (found) break
          }
        }
      } else if (rule.valueRegular && texts.length) {
        // one bounded run of the pattern over every line (the time limit holds for the rule, not per line)
        const matches = safeExecAll(rule.valueRegular, texts)
        for (let k = 0; k < matches.length && !found; k++) {
          const m = matches[k]
          if (m) found = parsed(matched(m), { text: texts[k], item: layout.items[k] }, null)
        }
      }
      if (found) results[field] = found
    } catch (e) {
      errors[field] = e instanceof UserRegexError ? `取值规则 ${rule.id} 无法执行：${e.message}` : `取值规则 ${rule.id} 执行出错`
    }
  }
  return { results, errors }
}

/**
 * The built-in fallbacks (synonyms, then value shapes, then the title for the manufacturer) of one
 * ticket. They depend on the layout only, so one set serves every candidate format; each field is
 * worked out the first time a format's rules leave it empty.
 */
export function fallbackExtractor(layout: Layout): (suffix: string) => FieldResult | null {
  const memo = new Map<string, FieldResult | null>()
  return (suffix) => {
    let r = memo.get(suffix)
    if (r === undefined) {
      r = extractBySynonyms(layout, suffix) ?? extractByShape(layout, suffix) ??
        (suffix === 'Manufactory' ? extractTitleManufacturer(layout) : null)
      memo.set(suffix, r)
    }
    return r
  }
}

/**
 * Full extraction for one format's rules (may be empty): the rules' values first, then the built-in
 * fallbacks for the fields they left empty. Pass the ticket's `fallbackExtractor` when trying
 * several formats on one layout.
 */
export function extractFields(layout: Layout, rules: ExtractionRule[], fallback = fallbackExtractor(layout)) {
  const prefix = fieldPrefix(layout.fileType)
  const suffixes = layout.fileType === 1 ? DELIVERY_FIELDS : SIGN_FIELDS
  const { results, errors } = applyRules(layout, rules)
  for (const suffix of suffixes) {
    const field = prefix + suffix
    if (results[field]) continue
    const r = fallback(suffix)
    if (r) results[field] = r
  }
  return { results, errors }
}

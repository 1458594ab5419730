import { z } from 'zod'
import { filterText, int, oneOf, optIdField, optText, text, idField } from './fields.js'
import { paging } from './zod.js'

/**
 * Material reference data (物料类型 materialType, 物料 material; headquarters keeps them) and the exact
 * quantities every stock call uses: money in fen (integers), quantities in integer thousandths of the
 * material's unit, sent and answered as decimal text ('12.5' in, '12.500' out), never floating point.
 */

/** thousandths in one unit */
export const QUANTITY_SCALE = 1000
/** the most units one line, count or threshold takes */
export const QUANTITY_MAX_UNITS = 1_000_000
/** the highest price in fen (1,000,000 yuan) */
export const PRICE_MAX_FEN = 100_000_000
export const MATERIAL_STATUS = ['在用', '停用'] as const
export const MATERIAL_EXPORT_NAME = '物料列表'
export const MATERIAL_TYPE_EXPORT_NAME = '物料类型列表'

export const MaterialMsg = {
  typeNotFound: '物料类型不存在',
  typeExists: '物料类型名称已存在',
  typeInUse: (n: number) => `该物料类型下还有${n}种物料，不能删除`,
  notFound: '物料不存在',
  exists: '同名同规格的物料已存在',
  inUse: '该物料已有库存、出入库、供货或销售记录，不能删除，只能停用',
  retired: (name: string) => `物料“${name}”已停用，不能再入库、供货或销售`,
} as const

const QUANTITY_RE = /^\d{1,7}(\.\d{1,3})?$/

/** '12.5' → 12500 (thousandths); the text has passed QUANTITY_RE */
export function parseQuantity(s: string): number {
  const [whole, frac = ''] = s.split('.')
  return Number(whole) * QUANTITY_SCALE + Number(frac.padEnd(3, '0'))
}

/** 12500 → '12.500' (also negative, for a ledger's decrease) */
export function formatQuantity(thousandths: number): string {
  const sign = thousandths < 0 ? '-' : ''
  const abs = Math.abs(thousandths)
  return `${sign}${Math.floor(abs / QUANTITY_SCALE)}.${String(abs % QUANTITY_SCALE).padStart(3, '0')}`
}

/**
 * A quantity from JSON (a number) or text, at most 3 decimals: answers integer thousandths.
 * '{label}不能为空', '{label}格式不正确，最多3位小数', '{label}不能小于…', '{label}不能大于…'.
 */
export const quantity = (label: string, { min = 0.001, max = QUANTITY_MAX_UNITS } = {}) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z.string({ error: (iss) => (iss.input == null ? `${label}不能为空` : `${label}格式不正确，应为数字，最多3位小数`) })
      .trim().min(1, { error: `${label}不能为空` })
      .regex(QUANTITY_RE, { error: `${label}格式不正确，应为数字，最多3位小数` })
      .transform(parseQuantity)
      .refine((n) => n >= Math.round(min * QUANTITY_SCALE), { error: `${label}不能小于${min}` })
      .refine((n) => n <= max * QUANTITY_SCALE, { error: `${label}不能大于${max}` }),
  ).describe(label)

/** A price in fen (integer). */
export const priceFen = (label: string) => int(label, 0, PRICE_MAX_FEN)

const YUAN_RE = /^\d{1,7}(\.\d{1,2})?$/
/** yuan as typed ('12', '12.5', '12.05') → fen, from the digits and never through a float; null when it is not such an amount */
export function parseYuan(text: string): number | null {
  const t = text.trim()
  if (!YUAN_RE.test(t)) return null
  const [whole, frac = ''] = t.split('.')
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'))
}

/** fen → yuan text with 2 decimals ('-12.05' for -1205), exactly */
export function formatYuan(fen: number): string {
  const abs = Math.abs(fen)
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * A price a form takes in yuan (text or a number, at most 2 decimals), answering fen: what a form
 * checks before it sends the fen field. '{label}不能为空', '{label}格式不正确…', '{label}不能大于…元'.
 */
export const yuanPrice = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z.string({ error: (iss) => (iss.input == null ? `${label}不能为空` : `${label}格式不正确，应为金额，最多2位小数`) })
      .trim().min(1, { error: `${label}不能为空` })
      .regex(YUAN_RE, { error: `${label}格式不正确，应为金额，最多2位小数` })
      .transform((t) => parseYuan(t)!)
      .refine((n) => n <= PRICE_MAX_FEN, { error: `${label}不能大于${PRICE_MAX_FEN / 100}元` }),
  ).describe(label)

/** An optional choice of a filter: '' and null mean any. */
export const optChoice = <T extends string>(label: string, values: readonly [T, ...T[]]) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), oneOf(label, values).optional()).describe(label)

const retired = z.boolean({ error: '是否停用只能是 true 或 false' }).describe('是否停用')

export const materialTypeBody = z.object({
  name: text('类型名称', 50),
  remark: optText('备注', 200),
})
export type MaterialTypeBody = z.infer<typeof materialTypeBody>
export const materialTypeFilters = z.object({ name: filterText('类型名称', 50) })
export const materialTypeQuery = paging.extend(materialTypeFilters.shape)
export type MaterialTypeQuery = z.infer<typeof materialTypeQuery>

export interface MaterialType {
  id: number
  name: string
  remark: string | null
  /** materials of the type */
  materialCount: number
  createTime: string
}

export const materialFields = {
  name: text('物料名称', 100),
  typeId: idField('物料类型'),
  specification: optText('规格', 100),
  unit: text('单位', 10),
  listPrice: priceFen('零售价（分）'),
  lowStock: quantity('库存预警值', { min: 0 }).optional(),
  retired: retired.optional(),
}
export const materialBody = z.object(materialFields)
export type MaterialBody = z.infer<typeof materialBody>
/** `PUT /material/update/{id}`: the fields sent are changed (停用 sends `retired` alone) */
export const materialUpdateBody = z.object({
  name: materialFields.name.optional(),
  typeId: materialFields.typeId.optional(),
  specification: materialFields.specification,
  unit: materialFields.unit.optional(),
  listPrice: materialFields.listPrice.optional(),
  lowStock: materialFields.lowStock,
  retired: materialFields.retired,
})
export type MaterialUpdateBody = z.infer<typeof materialUpdateBody>

export const materialFilters = z.object({
  name: filterText('物料名称'),
  typeId: optIdField('物料类型'),
  status: optChoice('状态', MATERIAL_STATUS),
})
export const materialQuery = paging.extend(materialFilters.shape)
export type MaterialQuery = z.infer<typeof materialQuery>

export interface Material {
  id: number
  name: string
  typeId: number
  typeName: string
  specification: string | null
  unit: string
  /** fen */
  listPrice: number
  /** decimal text, 3 places */
  lowStock: string
  status: (typeof MATERIAL_STATUS)[number]
  createTime: string
}

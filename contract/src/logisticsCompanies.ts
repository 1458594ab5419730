import { z } from 'zod'
import { MOBILE_RE } from './constants.js'
import { contactFilters, idField, optIdField, optText, text } from './fields.js'
import { paging } from './zod.js'

/**
 * Logistics companies (spec 001 §2 "Logistics company list", §7 `/lCompany/*`): the carriers a base
 * works with. The SMS about transports over tolerance goes to the phone of the carrier's row.
 */

export const LogisticsCompanyMsg = {
  notFound: '物流公司不存在',
  nameTaken: (name: string) => `物流公司“${name}”已存在，请勿重复添加`,
  phoneFormat: '联系电话格式不正确，请输入11位手机号或带区号的固定电话（如 0571-88886666）',
} as const

/** A mainland landline with its area code: 0571-88886666, 010 12345678, 02112345678, with an optional extension (-123). */
export const LANDLINE_RE = /^0\d{2,3}[- ]?\d{7,8}(-\d{1,6})?$/
/** Mobile or landline; only a mobile receives the SMS. */
export const isContactPhone = (s: string) => MOBILE_RE.test(s) || LANDLINE_RE.test(s)

const contactPhone = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
  z.string({ error: LogisticsCompanyMsg.phoneFormat })
    .max(20, { error: '联系电话不能超过20个字符' })
    .refine(isContactPhone, { error: LogisticsCompanyMsg.phoneFormat })
    .nullable().optional(),
).describe('联系电话')

export const logisticsCompanyBody = z.object({
  name: text('物流公司名称', 100),
  contactor: optText('联系人', 50),
  phone: contactPhone,
  province: optText('省份', 20),
  city: optText('城市', 20),
  district: optText('区县', 20),
  remarks: optText('备注', 500),
  /** headquarters may add one for a base; everyone else adds for their own company */
  companyId: optIdField('基地'),
})
export type LogisticsCompanyBody = z.infer<typeof logisticsCompanyBody>

/** Filters of the list (name, contactor, phone; base for headquarters). */
export const logisticsCompanyFilters = z.object({ ...contactFilters('物流公司名称'), companyId: optIdField('基地') })
export type LogisticsCompanyFilters = z.infer<typeof logisticsCompanyFilters>
export const logisticsCompanyQuery = paging.extend(logisticsCompanyFilters.shape)
export type LogisticsCompanyQuery = z.infer<typeof logisticsCompanyQuery>

/** `GET /lCompany/get/getLCompany?id=` */
export const logisticsCompanyIdQuery = z.object({ id: idField('物流公司') })

export interface LogisticsCompany {
  id: number
  companyId: number
  /** the base it belongs to */
  companyName: string
  name: string
  contactor: string | null
  phone: string | null
  province: string | null
  city: string | null
  district: string | null
  remarks: string | null
  createTimeStr: string
}

/** File name (without extension) of the list's export. */
export const LOGISTICS_COMPANY_EXPORT_NAME = '物流公司列表'

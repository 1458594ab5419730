/** Pure logic of the logistics company page (unit-tested in web/test/logisticsCompanyUsage.test.ts). */
import type { LogisticsCompany, LogisticsCompanyBody } from '@app/contract'
import { regionPath } from '../../components/regions'

export interface LogisticsCompanyFormValues {
  name: string
  contactor?: string
  phone?: string
  /** [province, city, district] from the region cascader (any prefix) */
  region?: string[]
  remarks?: string
  /** headquarters only: the base it is added for */
  companyId?: number
}

const trimmedOrNull = (s: string | null | undefined) => (s ?? '').trim() || null

export function logisticsCompanyBody(v: LogisticsCompanyFormValues): LogisticsCompanyBody {
  const [province, city, district] = v.region ?? []
  return {
    name: v.name.trim(), contactor: trimmedOrNull(v.contactor), phone: trimmedOrNull(v.phone),
    province: province ?? null, city: city ?? null, district: district ?? null, remarks: trimmedOrNull(v.remarks),
    companyId: v.companyId,
  }
}

/** The dialog's values for a row being edited. */
export const formValuesOf = (r: LogisticsCompany): LogisticsCompanyFormValues => ({
  name: r.name, contactor: r.contactor ?? '', phone: r.phone ?? '', region: regionPath(r), remarks: r.remarks ?? '', companyId: r.companyId,
})

/** Pure logic of the measurement list (unit-tested in web/test/measurements.test.ts). */
import { isAbnormal, type MeasurementFilters } from '@app/contract'
import { cleanFilters } from '../../components/listQuery'

/**
 * A conclusion's tag colour: green for 正常, gold for the steps before a disease (正常高值, 空腹血糖受损,
 * 偏瘦, 超重), orange for 高血压1级, red for the rest (高血压2级/3级, 糖尿病, 肥胖).
 */
export function conclusionColor(conclusion: string): string {
  if (!isAbnormal(conclusion)) return 'green'
  if (['正常高值', '空腹血糖受损', '偏瘦', '超重'].includes(conclusion)) return 'gold'
  if (conclusion === '高血压1级') return 'orange'
  return 'red'
}

export const ABNORMAL_OPTIONS = [{ value: 'true', label: '仅看异常' }, { value: 'false', label: '仅看正常' }]

/** The search form's values as the list's filters (仅看异常 as a boolean). */
export function measurementFilters(values: Record<string, unknown>): MeasurementFilters {
  const { abnormal, ...rest } = cleanFilters<Record<string, unknown>>(values)
  return { ...(rest as MeasurementFilters), ...(abnormal != null && { abnormal: abnormal === true || abnormal === 'true' }) }
}

/** A reading as the table shows it: '—' when not measured. */
export const reading = (v: number | null, digits = 0) => (v == null ? '—' : v.toFixed(digits))

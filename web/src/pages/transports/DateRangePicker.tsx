/** A filter's date range (antd's RangePicker), in a module of its own: the filter bar loads it when it is first shown. */
import { DatePicker } from 'antd'
import type { RangePickerProps } from 'antd/es/date-picker'

const PLACEHOLDER: [string, string] = ['开始日期', '结束日期']

export default function DateRangePicker(props: RangePickerProps) {
  return <DatePicker.RangePicker placeholder={PLACEHOLDER} style={{ width: '100%' }} {...props} />
}

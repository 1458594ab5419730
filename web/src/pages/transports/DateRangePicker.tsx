/** A filter's date range (antd's RangePicker), in a module of its own: the filter bar loads it when it is first shown. */
import { DatePicker } from 'antd'
import type { RangePickerProps } from 'antd/es/date-picker'
import { DATE_RANGE_PROPS } from '../../components/dateRange'

export default function DateRangePicker(props: RangePickerProps) {
  return <DatePicker.RangePicker {...DATE_RANGE_PROPS} style={{ width: '100%' }} {...props} />
}

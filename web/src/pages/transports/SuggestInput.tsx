/** A text filter that offers the company's values as you type (the suggestion lists of `findList`). */
import { AutoComplete } from 'antd'
import { suggestionOptions } from '../../features/transports/transportValues'

export default function SuggestInput({ id, value, onChange, suggestions, maxLength, placeholder = '请输入' }: {
  /** the form item's, so that its label names the input */
  id?: string
  value?: string
  onChange?: (value: string) => void
  suggestions?: readonly string[]
  maxLength?: number
  placeholder?: string
}) {
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={(v: string) => onChange?.(maxLength ? v.slice(0, maxLength) : v)}
      options={suggestionOptions(suggestions, value)}
      placeholder={placeholder}
      allowClear
      popupMatchSelectWidth={false}
    />
  )
}

/**
 * The filters a list was loaded with, as closable tags above its table (状态: 检验中), so a filter kept
 * from last time, or hidden in the folded search form, cannot pass for the whole list. Closing a tag
 * drops that filter; 清空 drops them all.
 */
import type { ReactNode } from 'react'
import { Space, Tag, Typography } from 'antd'
import { CloseOutlined } from '@ant-design/icons'
import { valueText, type FormValues, type SearchField } from './listUrl'

/** What a tag shows of a value: a choice's label, a date range as from ~ to, else the text. */
export function shownValue(field: SearchField, value: unknown): ReactNode {
  const choice = field.choices.find((c) => String(c.value) === String(value))
  if (choice) return choice.label
  return valueText(value)?.replace('~', ' ~ ')
}

/** The fields with a value in force. */
export const activeFilters = (fields: SearchField[], values: FormValues) =>
  fields.filter((f) => valueText(values[f.name]) !== undefined)

export default function FilterTags({ fields, values, onClose, onClear }: {
  fields: SearchField[]
  values: FormValues
  onClose: (name: string) => void
  onClear: () => void
}) {
  const active = activeFilters(fields, values)
  if (!active.length) return null
  return (
    <Space size={[4, 8]} wrap data-testid="filter-tags" style={{ marginBottom: 12 }}>
      <Typography.Text type="secondary">筛选条件：</Typography.Text>
      {active.map((f) => (
        <Tag
          key={f.name}
          color="blue"
          closeIcon={<CloseOutlined aria-label={`去掉筛选条件${typeof f.label === 'string' ? f.label : ''}`} />}
          onClose={(e) => { e.preventDefault(); onClose(f.name) }}
        >
          {f.label}: {shownValue(f, values[f.name])}
        </Tag>
      ))}
      <Typography.Link onClick={onClear}>清空</Typography.Link>
    </Space>
  )
}

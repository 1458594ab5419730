/**
 * The grid's filters (spec 001 §2): 基地 for headquarters, the text filters with the base's values as
 * suggestions, the delivery and upload dates; 查询 searches page 1, 清空 clears them and searches all.
 * It shows the filters of the address (the grid's query) and opens folded to its first row unless
 * the address has filters (the grid needs the height): as many filters as fit beside the buttons;
 * 展开 shows the rest. The date pickers, never in the first row, load when 展开 shows them
 * or when the browser is idle after the grid has shown its rows.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type ReactNode, type RefObject } from 'react'
import { Button, Form, Input, Select, Space } from 'antd'
import { DownOutlined, UpOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { transportFilters, type CompanyOption, type TransportFilters, type TransportSuggestions } from '@app/contract'
import { companyChoices } from '../../components/companies'
import { toDateRange } from '../../components/dateRange'
import { cleanFilters } from '../../components/listQuery'
import { whenIdle } from '../../components/whenIdle'
import { schemaMaxLength } from '../../components/zodRule'
import SuggestInput from './SuggestInput'
import styles from './transport.module.css'
import { SUGGESTED_FILTERS } from '../../features/transports/transportValues'

/** a filter's narrowest width and the gap between filters (as in the CSS module's grid) */
const FILTER_MIN_WIDTH = 280
const FILTER_GAP = 24
const fields = transportFilters.shape

const loadDatePicker = () => import('./DateRangePicker')
const DateRangePicker = lazy(loadDatePicker)

/** The date range of a filter; an empty box of its size until `shown` (and while its picker loads). */
function DateRange({ shown, ...props }: ComponentProps<typeof DateRangePicker> & { shown: boolean }) {
  const waiting = <Input disabled placeholder="开始日期 → 结束日期" />
  return shown ? <Suspense fallback={waiting}><DateRangePicker {...props} /></Suspense> : waiting
}

type Values = Record<string, unknown>

/** The form's values as the list's filters: blank ones left out, text trimmed, date ranges as two days. */
export function filtersOf(values: Values): TransportFilters {
  const { deliveryTimeQuery, createTimeQuery, ...rest } = values
  return cleanFilters<TransportFilters>({ ...rest, deliveryTimeQuery: toDateRange(deliveryTimeQuery), createTimeQuery: toDateRange(createTimeQuery) })
}

/** The grid's filters as the form holds them (date ranges as dayjs values, for the pickers). */
export function formValuesOf(filters: TransportFilters): Values {
  const range = (r: unknown) => (Array.isArray(r) && r.length === 2 ? r.map((d) => dayjs(String(d))) : undefined)
  return { ...filters, deliveryTimeQuery: range(filters.deliveryTimeQuery), createTimeQuery: range(filters.createTimeQuery) }
}

export default function FilterBar({ headquarters, companies, suggestions, values, onCompany, onSearch, prefetch }: {
  headquarters: boolean
  companies: CompanyOption[]
  suggestions: Partial<TransportSuggestions>
  /** the 基地 picked (headquarters): the suggestions follow it */
  onCompany: (companyId?: number) => void
  /** the filters the grid shows (from the address): the form shows them too */
  values: TransportFilters
  onSearch: (filters: TransportFilters) => void
  /** the grid has shown its rows: load the date pickers when the browser is idle */
  prefetch: boolean
}) {
  const [form] = Form.useForm<Values>()
  // filters in the address open the form: the user sees all of what the grid is filtered by
  const [open, setOpen] = useState(() => Object.keys(values).length > 0)
  const shownValues = JSON.stringify(values)
  useEffect(() => {
    const next = JSON.parse(shownValues) as TransportFilters
    form.resetFields()
    form.setFieldsValue(formValuesOf(next) as Parameters<typeof form.setFieldsValue>[0])
    if (headquarters) onCompany(next.companyId)
  }, [shownValues, form, headquarters, onCompany])
  const boxRef = useRef<HTMLDivElement>(null)
  const columns = useColumnCount(boxRef)
  useEffect(() => (prefetch ? whenIdle(() => void loadDatePicker()) : undefined), [prefetch])

  const items: [string, string, ReactNode][] = [
    ...(headquarters ? [['companyId', '基地', (
      <Select
        showSearch optionFilterProp="label" placeholder="全部基地" allowClear onChange={onCompany}
        options={companyChoices(companies)}
      />
    )] as [string, string, ReactNode]] : []),
    ...(Object.keys(SUGGESTED_FILTERS) as (keyof typeof SUGGESTED_FILTERS)[]).map((field): [string, string, ReactNode] => [
      field, fields[field].description ?? field,
      <SuggestInput suggestions={suggestions[SUGGESTED_FILTERS[field]]} maxLength={schemaMaxLength(fields[field])} />,
    ]),
    ['deliveryTimeQuery', '发货日期', <DateRange shown={open} />],
    ['createTimeQuery', '上传日期', <DateRange shown={open} />],
  ]

  const clear = () => {
    form.resetFields()
    if (headquarters) onCompany(undefined)
    onSearch({})
  }

  return (
    <div ref={boxRef}>
      <Form form={form} name="transport-search" className={styles.filters} data-testid="transport-filters"
        labelCol={{ flex: '0 0 auto' }} wrapperCol={{ flex: 'auto' }} onFinish={(values) => onSearch(filtersOf(values))}>
        {items.map(([name, label, input], i) => (
          <Form.Item key={name} name={name} label={label} hidden={!open && i >= columns - 1} className={styles.filter}>
            {input}
          </Form.Item>
        ))}
        <Space className={open ? styles.filterButtonsBelow : styles.filterButtons}>
          <Button onClick={clear}>清空</Button>
          <Button type="primary" htmlType="submit">查询</Button>
          <Button type="link" onClick={() => setOpen(!open)} style={{ padding: 0 }}>
            {open ? <>收起 <UpOutlined /></> : <>展开 <DownOutlined /></>}
          </Button>
        </Space>
      </Form>
    </div>
  )
}

/** How many filters a row of the form holds at its width (the CSS grid's auto-fill, counted). */
function useColumnCount(ref: RefObject<HTMLDivElement | null>) {
  const [count, setCount] = useState(3)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const observer = new ResizeObserver(([entry]) => {
      const width = entry!.contentRect.width
      setCount(Math.max(2, Math.floor((width + FILTER_GAP) / (FILTER_MIN_WIDTH + FILTER_GAP))))
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])
  return count
}

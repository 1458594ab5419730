/** A short table shown whole: small rows, every row on the one page (no paging). */
import { Table, type TableProps } from 'antd'

export default function ShortTable<T extends object>(props: Omit<TableProps<T>, 'size' | 'pagination'>) {
  return <Table<T> size="small" pagination={false} {...props} />
}

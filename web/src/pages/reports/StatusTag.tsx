import { Tag } from 'antd'
import type { Report } from '@app/contract'
import { STATUS_COLORS } from './reportValues'

/** A report's status as a coloured tag. */
export default function StatusTag({ row }: { row: Pick<Report, 'status' | 'statusName'> }) {
  return <Tag color={STATUS_COLORS[row.status]}>{row.statusName}</Tag>
}

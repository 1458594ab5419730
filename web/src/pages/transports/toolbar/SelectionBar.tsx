/**
 * What the selected rows offer, in place of the legend while there are any: 已选 N 条, 导出所选 (the
 * data export of just those), 发送短信 (to the carriers of those over tolerance, after a confirmation
 * naming the count) and 清除.
 */
import { Button, Space, Typography } from 'antd'
import { FileExcelOutlined } from '@ant-design/icons'
import type { TransportFilters } from '@app/contract'
import SendSmsButton from './SendSmsButton'

export interface SelectionBarProps {
  selectedIds: number[]
  filters: () => TransportFilters
  onExport: () => void
  onClear: () => void
}

export default function SelectionBar({ selectedIds, filters, onExport, onClear }: SelectionBarProps) {
  return (
    <Space size={8} wrap role="region" aria-label="所选运单" data-testid="selection-bar">
      <Typography.Text strong>已选 {selectedIds.length} 条</Typography.Text>
      <Button size="small" icon={<FileExcelOutlined />} onClick={onExport}>导出所选</Button>
      <SendSmsButton selectedIds={selectedIds} filters={filters} size="small" />
      <Button size="small" type="link" onClick={onClear}>清除</Button>
    </Space>
  )
}

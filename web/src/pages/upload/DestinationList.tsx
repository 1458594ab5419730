/**
 * 其他收货地: the extra destinations of the receiving note (第二收货地 … 第九收货地), added, edited and
 * removed here and saved with the transport; the receiving total and pound difference below follow
 * every change.
 */
import { Button, Modal, Popconfirm, Space, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { destinationName, MAX_EXTRA_DESTINATIONS } from '@app/contract'
import DestinationTable from '../../features/transports/DestinationTable'
import { ordinalAt, type DestinationRow, type ReceivingFigures } from '../../features/ticketForm/uploadValues'

export default function DestinationList({ open, rows, figures, onClose, onAdd, onEdit, onRemove }: {
  open: boolean
  rows: DestinationRow[]
  figures: ReceivingFigures
  onClose: () => void
  onAdd: () => void
  onEdit: (row: DestinationRow, index: number) => void
  onRemove: (row: DestinationRow) => void
}) {
  const lines = rows.map((r, i) => ({ ...r, ordinal: ordinalAt(i), signTimeStr: r.signTime ?? '' }))
  const full = rows.length >= MAX_EXTRA_DESTINATIONS

  return (
    <Modal
      title="其他收货地"
      open={open}
      onCancel={onClose}
      width={1100}
      maskClosable={false}
      footer={<Button type="primary" onClick={onClose}>关闭</Button>}
    >
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={onAdd}>
          新增{full ? '' : destinationName(ordinalAt(rows.length))}
        </Button>
        <Typography.Text data-testid="destination-totals">
          收货总净重 <Typography.Text strong>{figures.total.toFixed(2)}</Typography.Text> 吨，磅差{' '}
          <Typography.Text strong type={figures.over ? 'danger' : undefined}>{figures.poundDiff === null ? '—' : figures.poundDiff.toFixed(2)}</Typography.Text> 吨
          {full && <Typography.Text type="secondary">（最多{MAX_EXTRA_DESTINATIONS}个其他收货地）</Typography.Text>}
        </Typography.Text>
      </Space>
      <DestinationTable
        lines={lines}
        pictures
        emptyText="暂无其他收货地，第一收货地即收货单上的收货地"
        actions={(_, i) => (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => onEdit(rows[i]!, i)}>编辑</Button>
            <Popconfirm title="是否确定删除该收货地？" okText="确定" cancelText="取消" onConfirm={() => onRemove(rows[i]!)}>
              <Button type="link" size="small" danger>删除</Button>
            </Popconfirm>
          </Space>
        )}
      />
    </Modal>
  )
}

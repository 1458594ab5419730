/** A transport's status and danger level as tags (the headers of the transport detail pages). */
import { Space, Tag } from 'antd'
import { DANGER_LEVELS, TRANSPORT_STATUS, type Transport } from '@app/contract'
import { STATUS_COLORS } from '../../features/transports/transportValues'

export default function TransportTags({ status, dangerLevel }: Pick<Transport, 'status' | 'dangerLevel'>) {
  return (
    <Space size={4}>
      <Tag color={STATUS_COLORS[status]} data-testid="transport-status">{TRANSPORT_STATUS[status]}</Tag>
      {dangerLevel && <Tag color={DANGER_LEVELS[dangerLevel].color} style={{ color: 'rgba(0,0,0,0.88)' }}>{DANGER_LEVELS[dangerLevel].label}</Tag>}
    </Space>
  )
}

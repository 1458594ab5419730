/**
 * 运单详情 (/traceDetail/index?id=, route TraceDetail; spec 001 §2 "Trace detail"): the delivery and
 * receiving blocks with their pictures and every field beside its original reading, the extra
 * destinations; 编辑, 判定无效 (status 3) after its confirm, 删除, 关闭 (back where the user came from). `?active` (opened from another
 * screen) hides 关闭 and 删除.
 */
import { Alert, App, Button, Card, Empty, Result, Skeleton, Space, Typography } from 'antd'
import { useNavigate } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { TransportMsg, TransportStatus } from '@app/contract'
import * as transportsApi from '../../api/transports'
import { HOME_PATH } from '../../router/paths'
import { confirmDanger } from '../../components/confirmAction'
import { useRecordById } from '../../components/useRecordById'
import DestinationTable, { linesOf } from '../../features/transports/DestinationTable'
import { actionPath, DELETE_CONFIRM, formatTons } from '../../features/transports/transportValues'
import { fieldLines, INVALID_CONFIRM, isEmbedded, transportRecord, TRANSPORTS_KEY } from './detailValues'
import TicketBlock from './TicketBlock'
import TransportTags from './TransportTags'
import { useClose } from './useClose'

export default function TransportDetailPage() {
  const app = App.useApp()
  const navigate = useNavigate()
  const close = useClose()
  const queryClient = useQueryClient()
  const { id, params, data: detail, error, loading, reload } = useRecordById(transportRecord('detail', transportsApi.getTransportDetail))
  const changed = () => void queryClient.invalidateQueries({ queryKey: TRANSPORTS_KEY })
  const embedded = isEmbedded(params)

  if (error) return <Result status="warning" title={error} extra={<Button onClick={reload}>重试</Button>} />
  if (!detail) return <Card><Skeleton active paragraph={{ rows: 12 }} /></Card>

  const { dResponseVO: d, sResponseVO: s } = detail
  const markInvalid = () => confirmDanger(app, INVALID_CONFIRM, () => transportsApi.setTransportStatus(id, TransportStatus.INVALID), TransportMsg.statusChanged, changed)
  const remove = () => confirmDanger(app, DELETE_CONFIRM, () => transportsApi.deleteTransport(id), TransportMsg.deleted, () => {
    queryClient.removeQueries({ queryKey: TRANSPORTS_KEY })
    navigate(HOME_PATH)
  })

  return (
    <Space direction="vertical" size={0} style={{ width: '100%' }}>
      <Card
        size="small"
        style={{ marginBottom: 16 }}
        title={<Space>运单详情 <Typography.Text type="secondary">#{detail.id}</Typography.Text><TransportTags {...detail} /></Space>}
        extra={(
          <Space wrap>
            {detail.status === TransportStatus.DONE && <Button type="primary" onClick={() => navigate(actionPath('edit', id))}>编辑</Button>}
            {detail.status !== TransportStatus.INVALID && <Button danger onClick={markInvalid} loading={loading}>判定无效</Button>}
            {!embedded && <Button danger onClick={remove}>删除</Button>}
            {!embedded && <Button onClick={close}>关闭</Button>}
          </Space>
        )}
      >
        {detail.status === TransportStatus.INVALID && <Alert type="warning" showIcon message="该运单已判定为无效" />}
        {detail.status === TransportStatus.TEMP && <Alert type="info" showIcon message="该运单为暂存状态，尚未上传完成" />}
      </Card>
      <TicketBlock title="发货信息" picUrl={d.deliveryPicUrl} lines={fieldLines(1, d)} testId="delivery-block" />
      <TicketBlock
        title="收货信息"
        picUrl={s.signPicUrl}
        lines={fieldLines(2, s)}
        testId="sign-block"
        extra={(
          <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
            磅差（发货净重 − 收货总净重）：
            <Typography.Text strong type={detail.dangerLevel === 1 || detail.dangerLevel === 3 ? 'danger' : undefined} data-testid="detail-pound-diff">
              {formatTons(s.poundDiff)}
            </Typography.Text> 吨
          </Typography.Paragraph>
        )}
      />
      <Card title="其他收货地" size="small">
        {s.destinations.length ? <DestinationTable lines={linesOf(s.destinations)} /> : <Empty description="暂无其他收货地" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      </Card>
    </Space>
  )
}

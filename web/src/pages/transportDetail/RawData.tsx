/**
 * 原始数据 (/traceDetail2/index?id=; spec 001 §2, §6): what the ticket reader read from each picture,
 * as text, beside the picture. Headquarters (company 1) only, as the grid offers it.
 */
import { Button, Card, Col, Input, Result, Row, Skeleton, Space, Typography } from 'antd'
import { HQ_COMPANY_ID } from '@app/contract'
import * as transportsApi from '../../api/transports'
import { useUserInfo } from '../../app/session'
import ProofImage from '../../features/transports/ProofImage'
import { useRecordById } from '../../components/useRecordById'
import { transportRecord } from './detailValues'
import TransportTags from './TransportTags'

function OriginBlock({ title, picUrl, origin, testId }: { title: string; picUrl: string | null; origin: string | null; testId: string }) {
  return (
    <Card title={title} size="small" style={{ marginBottom: 16 }}>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={10}><ProofImage url={picUrl} alt={title} width="100%" large /></Col>
        <Col xs={24} lg={14}>
          {origin
            ? <Input.TextArea readOnly value={origin} autoSize={{ minRows: 8, maxRows: 30 }} style={{ fontFamily: 'monospace', fontSize: 12 }} data-testid={testId} />
            : <Typography.Text type="secondary">没有识别原文</Typography.Text>}
        </Col>
      </Row>
    </Card>
  )
}

export default function RawDataPage() {
  const info = useUserInfo()
  const { data: t, error, reload } = useRecordById(transportRecord('record', transportsApi.getTransport))
  if (info && info.companyId !== HQ_COMPANY_ID) return <Result status="403" title="仅总部可查看原始数据" />
  if (error) return <Result status="warning" title={error} extra={<Button onClick={reload}>重试</Button>} />
  if (!t) return <Card><Skeleton active paragraph={{ rows: 12 }} /></Card>
  return (
    <div>
      <Card size="small" style={{ marginBottom: 16 }} title={<Space>原始数据 <Typography.Text type="secondary">#{t.id}</Typography.Text><TransportTags {...t} /></Space>} />
      <OriginBlock title="发货单识别原文" picUrl={t.deliveryPicUrl} origin={t.deliveryOrigin} testId="delivery-origin" />
      <OriginBlock title="收货单识别原文" picUrl={t.signPicUrl} origin={t.signOrigin} testId="sign-origin" />
    </div>
  )
}

/** Always in sight on step 2: the weights the pound difference comes from, red when |difference| ≥ 1 t. */
import { Typography } from 'antd'
import { toNumber, type ReceivingFigures } from '../../features/ticketForm/uploadValues'

const tons = (v: unknown) => {
  const n = toNumber(v)
  return n === null ? '—' : n.toFixed(2)
}

export default function ReceivingSummary({ deliveryNet, figures }: { deliveryNet: unknown; figures: ReceivingFigures }) {
  return (
    <Typography.Text style={{ marginRight: 'auto', alignSelf: 'center' }} data-testid="receiving-summary">
      发货净重 <Typography.Text strong>{tons(deliveryNet)}</Typography.Text> 吨　收货总净重{' '}
      <Typography.Text strong>{tons(figures.total)}</Typography.Text> 吨　磅差{' '}
      <Typography.Text strong type={figures.over ? 'danger' : undefined}>{tons(figures.poundDiff)}</Typography.Text> 吨
    </Typography.Text>
  )
}

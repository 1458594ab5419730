/**
 * The transport grid's columns (spec 001 §2) in the spec's order, with the default width the layout
 * starts from. Titles come from TRANSPORT_COLUMNS (the data export names them the same way); the two
 * proof pictures are the grid's own. The columns after them are not in the spec's list: they start
 * hidden and the user may turn them on in the column settings.
 */
import type { ReactNode } from 'react'
import { Tag } from 'antd'
import { attachmentUrl, TRANSPORT_COLUMNS, TRANSPORT_STATUS, type TransportGridRow } from '@app/contract'
import type { GridColumnSpec } from './gridLayout'
import ProofImage from '../../features/transports/ProofImage'
import { formatTons, STATUS_COLORS } from '../../features/transports/transportValues'

export interface GridColumn extends GridColumnSpec {
  title: string
  align?: 'right' | 'center'
  render: (row: TransportGridRow) => ReactNode
}

/**
 * Plain text: the grid's cell cuts it to one line with an ellipsis and shows the whole of it as the
 * cell's title. No element of its own: a scroll frame of a big page makes some 700 new cells.
 */
const textCell = (value: string | number | null | undefined) => (value == null ? '' : String(value))

type Key = keyof typeof TRANSPORT_COLUMNS

const text = (key: Key, width: number, defaultHidden?: boolean): GridColumn =>
  ({ key, title: TRANSPORT_COLUMNS[key], width, defaultHidden, render: (r) => textCell(r[key]) })

const tons = (key: Key, width: number, defaultHidden?: boolean): GridColumn =>
  ({ key, title: TRANSPORT_COLUMNS[key], width, defaultHidden, align: 'right', render: (r) => formatTons(r[key] as number | null) })

/** `key` names the column in saved layouts; the row holds the picture's attachment id */
const picture = (key: 'deliveryPicUrl' | 'signPicUrl', id: 'deliveryPicId' | 'signPicId', title: string): GridColumn => ({
  key, title, width: 84, align: 'center',
  render: (r) => <ProofImage url={r[id] == null ? null : attachmentUrl(r[id])} alt={title} />,
})

export const GRID_COLUMNS: GridColumn[] = [
  text('createTime', 160),
  text('deliveryTimeStr', 160),
  text('signTimeStr', 160),
  text('deliveryCarrier', 150),
  text('deliveryPlateNumber', 100),
  text('deliveryManufactory', 150),
  text('signName', 150),
  text('signPlace', 170),
  text('signSettlement', 150),
  text('deliveryGoodsName', 120),
  tons('deliveryNetWeight', 110),
  tons('signNetWeight', 110),
  tons('poundDiff', 90),
  text('deliverySpecific', 100),
  text('deliveryCustomer', 150),
  text('signUser', 90),
  text('deliveryNumber', 130),
  text('signNumber', 130),
  { ...text('deliveryBags', 70), align: 'right' },
  text('deliveryAdditional', 150),
  tons('deliveryGrossWeight', 90),
  tons('deliveryTareWeight', 90),
  picture('deliveryPicUrl', 'deliveryPicId', '发货票据'),
  picture('signPicUrl', 'signPicId', '收货票据'),
  tons('signFirstNetWeight', 130, true),
  { ...text('signBags', 90, true), align: 'right' },
  tons('signGrossWeight', 100, true),
  tons('signTareWeight', 100, true),
  text('signAdditional', 150, true),
  text('phone', 120, true),
  text('companyName', 150, true),
  {
    key: 'status', title: '状态', width: 90, defaultHidden: true,
    render: (r) => <Tag color={STATUS_COLORS[r.status]}>{TRANSPORT_STATUS[r.status]}</Tag>,
  },
]

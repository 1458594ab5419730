/**
 * The transport grid's columns (spec 001 §2), with the default width the layout starts from. Titles
 * come from TRANSPORT_COLUMNS (the data export names them the same way); the two proof pictures and
 * the status are the grid's own.
 */
import type { ReactNode } from 'react'
import { Tag } from 'antd'
import { EditFilled, WarningFilled } from '@ant-design/icons'
import { attachmentUrl, DANGER_LEVELS, TRANSPORT_COLUMNS, TRANSPORT_STATUS, type TransportGridRow } from '@app/contract'
import { dangerMark, poundOver } from './dangerMarks'
import styles from './transport.module.css'
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

/** the 磅差 cell: the value, with an icon on a marked row and emphasised when over tolerance */
function poundDiffCell(r: TransportGridRow): ReactNode {
  const value = formatTons(r.poundDiff)
  const mark = dangerMark(r.dangerLevel)
  if (!mark) return value
  const over = poundOver(r.dangerLevel)
  return (
    <span className={over ? styles.poundOver : undefined} title={`${DANGER_LEVELS[r.dangerLevel!].label}：${mark.meaning}`}>
      {over ? <WarningFilled style={{ color: mark.edge }} /> : <EditFilled style={{ color: mark.edge }} />} {value}
    </span>
  )
}

const TAG_STYLE = { marginInlineEnd: 0 }
const statusTag = (r: TransportGridRow) => <Tag color={STATUS_COLORS[r.status]} style={TAG_STYLE}>{TRANSPORT_STATUS[r.status]}</Tag>

/**
 * What operators check first is shown by default and fits a 1440-pixel screen (plate, times, carrier,
 * the weights, the status; 基地 for headquarters, see gridColumns); the spec's other columns follow,
 * hidden until turned on in the column settings.
 */
export const GRID_COLUMNS: GridColumn[] = [
  text('deliveryPlateNumber', 92),
  text('deliveryTimeStr', 146),
  text('signTimeStr', 146),
  text('deliveryCarrier', 96),
  tons('deliveryNetWeight', 96),
  tons('signNetWeight', 96),
  { ...tons('poundDiff', 72), render: poundDiffCell },
  { key: 'status', title: '状态', width: 80, render: statusTag },
  text('companyName', 76, true),
  text('createTime', 160, true),
  text('deliveryManufactory', 150, true),
  text('signName', 150, true),
  text('signPlace', 170, true),
  text('signSettlement', 150, true),
  text('deliveryGoodsName', 120, true),
  text('deliverySpecific', 100, true),
  text('deliveryCustomer', 150, true),
  text('signUser', 90, true),
  text('deliveryNumber', 130, true),
  text('signNumber', 130, true),
  { ...text('deliveryBags', 70, true), align: 'right' },
  text('deliveryAdditional', 150, true),
  tons('deliveryGrossWeight', 90, true),
  tons('deliveryTareWeight', 90, true),
  { ...picture('deliveryPicUrl', 'deliveryPicId', '发货票据'), defaultHidden: true },
  { ...picture('signPicUrl', 'signPicId', '收货票据'), defaultHidden: true },
  tons('signFirstNetWeight', 130, true),
  { ...text('signBags', 90, true), align: 'right' },
  tons('signGrossWeight', 100, true),
  tons('signTareWeight', 100, true),
  text('signAdditional', 150, true),
  text('phone', 120, true),
]

/** headquarters sees every base's transports: its default columns add 基地 */
const HQ_COLUMNS = GRID_COLUMNS.map((c) => (c.key === 'companyName' ? { ...c, defaultHidden: false } : c))

export const gridColumns = (headquarters: boolean) => (headquarters ? HQ_COLUMNS : GRID_COLUMNS)

/**
 * The extra destinations of a transport (spec 001 §2 child grid): 第二收货地 … 第九收货地 with unit,
 * time, address, net, bags, gross, tare, signer, settlement and remark. The grid's expanded rows and
 * the transport detail show them; the edit page and the upload page's list add their 编辑/删除 column,
 * the upload page the pictures too.
 */
import type { ReactNode } from 'react'
import { type TableColumnsType } from 'antd'
import { destinationName, type Destination } from '@app/contract'
import ProofImage from './ProofImage'
import { formatTons } from './transportValues'
import ShortTable from '../../components/ShortTable'

/** A destination as the table shows it (a saved one, or one being edited). */
export type DestinationLine = Partial<Pick<Destination, 'dest' | 'address' | 'signTimeStr' | 'weight' | 'bags'
  | 'signGrossWeight' | 'signTareWeight' | 'signUser' | 'signSettlement' | 'signAdditional' | 'picUrl'>> & { key: string | number; ordinal: number }

const columns: TableColumnsType<DestinationLine> = [
  { title: '收货地', dataIndex: 'ordinal', width: 100, render: (o: number) => destinationName(o) },
  { title: '收货单位', dataIndex: 'dest', width: 150, ellipsis: true },
  { title: '收货时间', dataIndex: 'signTimeStr', width: 160 },
  { title: '收货地址', dataIndex: 'address', width: 180, ellipsis: true },
  { title: '收货净重(吨)', dataIndex: 'weight', width: 110, align: 'right', render: formatTons },
  { title: '袋数', dataIndex: 'bags', width: 70, align: 'right' },
  { title: '毛重', dataIndex: 'signGrossWeight', width: 90, align: 'right', render: formatTons },
  { title: '皮重', dataIndex: 'signTareWeight', width: 90, align: 'right', render: formatTons },
  { title: '签收人', dataIndex: 'signUser', width: 90 },
  { title: '结算单位', dataIndex: 'signSettlement', width: 150, ellipsis: true },
  { title: '备注', dataIndex: 'signAdditional', ellipsis: true },
]
const pictureColumn: TableColumnsType<DestinationLine>[number] = {
  title: '票据', dataIndex: 'picUrl', width: 80, render: (url: string | null) => <ProofImage url={url} alt="收货地票据" />,
}

export const linesOf = (destinations: readonly Destination[]): DestinationLine[] => destinations.map((d) => ({ ...d, key: d.id }))

export default function DestinationTable({ lines, actions, pictures, emptyText }: {
  lines: DestinationLine[]
  /** an 操作 column */
  actions?: (line: DestinationLine, index: number) => ReactNode
  /** a 票据 column with each destination's picture */
  pictures?: boolean
  emptyText?: string
}) {
  const all = [
    ...columns,
    ...(pictures ? [pictureColumn] : []),
    ...(actions ? [{ title: '操作', key: 'actions', width: 120, fixed: 'right' as const, render: (_: unknown, l: DestinationLine, i: number) => actions(l, i) }] : []),
  ]
  return (
    <ShortTable<DestinationLine>
      rowKey="key"
      columns={all}
      dataSource={lines}
      locale={emptyText ? { emptyText } : undefined}
      scroll={{ x: 1200 }}
      style={{ maxWidth: 1400 }}
      data-testid="destinations"
    />
  )
}

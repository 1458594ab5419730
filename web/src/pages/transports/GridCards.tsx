/**
 * The grid on a phone (narrower than antd's md breakpoint): a card a transport, with what the desktop
 * grid shows by default (plate, status, times, carrier, weights, 磅差 marked as the row would be) and
 * the row's actions, paged like the table. A marked card has the row's tint and left edge.
 */
import type { CSSProperties, ReactNode } from 'react'
import { Empty, Pagination, Spin } from 'antd'
import { TRANSPORT_COLUMNS, type TransportGridRow } from '@app/contract'
import { formatTons } from '../../features/transports/transportValues'
import { GRID_COLUMNS } from './columns'
import { dangerMark, ROW_TEXT_COLORS } from './dangerMarks'
import { LoadFailed } from './GridBody'
import styles from './transport.module.css'

const render = (key: string) => GRID_COLUMNS.find((c) => c.key === key)!.render
const poundDiff = render('poundDiff')
const status = render('status')

export interface GridCardsProps {
  rows: readonly TransportGridRow[]
  loading: boolean
  failed?: { message: string; onRetry: () => void }
  selected: ReadonlySet<number>
  onSelect: (row: TransportGridRow, checked: boolean) => void
  actions: (row: TransportGridRow) => ReactNode
  pager: { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void }
}

export default function GridCards({ rows, loading, failed, selected, onSelect, actions, pager }: GridCardsProps) {
  const list = failed ? <LoadFailed {...failed} />
    : !rows.length && !loading ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无运单" />
      : rows.map((row) => <TransportCard key={row.id} row={row} selected={selected.has(row.id)} onSelect={onSelect} actions={actions} />)
  return (
    <div data-testid="grid-cards" style={ROW_TEXT_COLORS as CSSProperties}>
      <Spin spinning={loading}>
        <div className={styles.gridCards}>{list}</div>
      </Spin>
      <Pagination
        size="small" simple className={styles.gridCardsPager} {...pager} showSizeChanger={false} showTotal={(total) => `共 ${total} 条`}
      />
    </div>
  )
}

function TransportCard({ row, selected, onSelect, actions }: {
  row: TransportGridRow
  selected: boolean
  onSelect: (row: TransportGridRow, checked: boolean) => void
  actions: (row: TransportGridRow) => ReactNode
}) {
  const mark = dangerMark(row.dangerLevel)
  const style = mark ? ({ '--danger-bg': mark.tint, '--danger-edge': mark.edge } as CSSProperties) : undefined
  const field = (label: string, value: ReactNode) => <><dt>{label}</dt><dd>{value}</dd></>
  return (
    <article
      className={`${styles.gridCard}${mark ? ` ${styles.gridCardDanger}` : ''}${selected ? ` ${styles.gridCardSelected}` : ''}`} style={style}
      data-row-key={row.id} data-danger={row.dangerLevel ?? undefined} aria-label={String(row.deliveryPlateNumber ?? row.id)}
    >
      <header className={styles.gridCardHead}>
        <input type="checkbox" aria-label="选择" checked={selected} onChange={(e) => onSelect(row, e.target.checked)} />
        <strong>{row.deliveryPlateNumber || '无车牌'}</strong>
        {status(row)}
      </header>
      <dl className={styles.gridCardFields}>
        {field(TRANSPORT_COLUMNS.deliveryTimeStr, row.deliveryTimeStr || '—')}
        {field(TRANSPORT_COLUMNS.signTimeStr, row.signTimeStr || '—')}
        {field(TRANSPORT_COLUMNS.deliveryCarrier, row.deliveryCarrier || '—')}
        {field(TRANSPORT_COLUMNS.deliveryNetWeight, formatTons(row.deliveryNetWeight as number | null))}
        {field(TRANSPORT_COLUMNS.signNetWeight, formatTons(row.signNetWeight as number | null))}
        {field(TRANSPORT_COLUMNS.poundDiff, poundDiff(row))}
      </dl>
      <footer className={styles.gridCardActions}>{actions(row)}</footer>
    </article>
  )
}

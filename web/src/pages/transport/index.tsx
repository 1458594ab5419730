/**
 * 运单列表 (menu key by_agent, the home page; spec 001 §2 "Delivery/receipt list", issue 10 "Grid"):
 * the spec's filters with suggestions, the spec's columns (resizable, drag-sortable, visibility in the
 * column settings; the layout is kept per user on the server), rows coloured by dangerLevel with the
 * legend, extra destinations in expandable rows, the action menu by status, and pages of up to
 * 100,000 rows in a virtualised table (antd Table `virtual`: only the rows in view are rendered).
 *
 * Not a ListPage: ProTable indexes every row of a page several times over (its editable-row and
 * record maps, a quarter of a second for 100,000 rows) and brings its form and field libraries to
 * the home page; this grid is antd's Table with its own filter bar, pager and column settings.
 */
import { useEffect, useMemo, useState, type CSSProperties, type HTMLAttributes } from 'react'
import { Link } from 'react-router-dom'
import { Button, Card, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd'
import { LoadingOutlined, ReloadOutlined } from '@ant-design/icons'
import { DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { restrictToHorizontalAxis } from '@dnd-kit/modifiers'
import { horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable'
import {
  HQ_COMPANY_ID, TRANSPORT_PAGE_SIZE_OPTIONS, type CompanyOption, type TransportGridRow, type TransportSuggestions,
} from '@app/contract'
import * as companiesApi from '../../api/companies'
import * as transportsApi from '../../api/transports'
import { useUserInfo } from '../../app/session'
import DeleteAction from '../../components/DeleteAction'
import ColumnSettings from './ColumnSettings'
import { GRID_COLUMNS } from './columns'
import DangerLegend from './DangerLegend'
import DestinationTable, { linesOf } from './DestinationTable'
import FilterBar from './FilterBar'
import GridHeaderCell, { type LayoutHeaderProps } from './GridHeaderCell'
import { columnWidth, moveColumn, resizeColumn, visibleColumns, visibleWidth } from './gridLayout'
import TransportToolbar from './toolbar'
import styles from './transport.module.css'
import { ACTION_LABELS, actionPath, dangerColor, DELETE_CONFIRM, rowActions } from './transportValues'
import { useGridLayout } from './useGridLayout'
import { useTransportGrid } from './useTransportGrid'
import { useViewportHeight } from './useViewportHeight'

const ACTION_WIDTH = 200
/** selection and expand columns */
const LEAD_WIDTH = 32 + 48
/** what the page keeps above and below the table body: navbar, filters, toolbar, header, pagination */
const CHROME_HEIGHT = 330
const MIN_BODY_HEIGHT = 280

const HEADER_COMPONENTS = { header: { cell: GridHeaderCell } }
const showTotal = (total: number) => `共 ${total} 条`

export default function TransportPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const grid = useTransportGrid()
  const { layout, setLayout } = useGridLayout('transportGrid', GRID_COLUMNS)
  const [suggestions, setSuggestions] = useState<Partial<TransportSuggestions>>({})
  const [companies, setCompanies] = useState<CompanyOption[]>([])
  const [selected, setSelected] = useState<TransportGridRow[]>([])
  const viewport = useViewportHeight()
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }))

  const loadSuggestions = (companyId?: number) =>
    transportsApi.findSuggestions(companyId, { silent: true }).then(setSuggestions, () => setSuggestions({}))
  useEffect(() => {
    void loadSuggestions()
    if (headquarters) companiesApi.companyOptions({ silent: true }).then(setCompanies, () => setCompanies([]))
  }, [headquarters])
  // each load (a search, another page, a reload) starts with nothing selected
  useEffect(() => setSelected([]), [grid.load])

  const shown = useMemo(() => visibleColumns(layout, GRID_COLUMNS), [layout])
  const columns = useMemo(() => shown.map((c): TableColumnsType<TransportGridRow>[number] => {
    const width = columnWidth(layout, c)
    return {
      key: c.key, title: c.title, width, align: c.align,
      render: (_, row) => c.render(row),
      onHeaderCell: () => ({
        columnKey: c.key, width, onResizeWidth: (w: number) => setLayout((l) => resizeColumn(l, c.key, w)),
      } satisfies LayoutHeaderProps as HTMLAttributes<HTMLElement>),
    }
  }), [shown, layout, setLayout])

  const actions: TableColumnsType<TransportGridRow>[number] = {
    title: '操作', key: 'actions', width: ACTION_WIDTH, fixed: 'right',
    // plain links: each scroll frame of a big page mounts the actions of some twenty new rows
    render: (_, row) => (
      <span className={styles.actions}>
        {rowActions(row.status, headquarters).map((action) => action === 'delete' ? (
          <DeleteAction key={action} description={DELETE_CONFIRM} onDelete={() => transportsApi.deleteTransport(row.id)} onDeleted={grid.reload} />
        ) : (
          <Link key={action} to={actionPath(action, row.id)}>{ACTION_LABELS[action]}</Link>
        ))}
      </span>
    ),
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) setLayout((l) => moveColumn(l, String(active.id), String(over.id)))
  }

  return (
    <div className={styles.page}>
      <Card>
        <FilterBar
          headquarters={headquarters} companies={companies} suggestions={suggestions}
          onCompany={(id) => void loadSuggestions(id)} onSearch={grid.search} prefetch={grid.shown}
        />
      </Card>
      <Card>
        <div className={styles.toolbar}>
          <Space size={16} wrap>
            <span className={styles.title}>运单列表</span>
            <DangerLegend />
            {grid.arriving && <Typography.Text type="secondary" data-testid="rows-arriving"><LoadingOutlined /> 正在接收其余运单…</Typography.Text>}
          </Space>
          <Space size={8} wrap>
            <TransportToolbar
              filters={() => grid.filters} selectedIds={selected.map((r) => r.id)} gridOrder={layout.order}
              onChanged={grid.reload} prefetch={grid.shown}
            />
            <Tooltip title="刷新"><Button type="text" icon={<ReloadOutlined />} aria-label="刷新" onClick={grid.reload} /></Tooltip>
            <ColumnSettings layout={layout} setLayout={setLayout} />
          </Space>
        </div>
        <DndContext sensors={sensors} modifiers={[restrictToHorizontalAxis]} onDragEnd={onDragEnd}>
          <SortableContext items={shown.map((c) => c.key)} strategy={horizontalListSortingStrategy}>
            <Table<TransportGridRow>
              rowKey="id"
              columns={[...columns, actions]}
              dataSource={grid.page.data}
              loading={grid.loading}
              components={HEADER_COMPONENTS}
              locale={{ emptyText: '暂无运单' }}
              virtual
              scroll={{ x: visibleWidth(layout, GRID_COLUMNS, LEAD_WIDTH + ACTION_WIDTH), y: Math.max(MIN_BODY_HEIGHT, viewport - CHROME_HEIGHT) }}
              size="small"
              rowSelection={{
                selectedRowKeys: selected.map((r) => r.id),
                onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
              }}
              expandable={{
                rowExpandable: (r) => r.destinations.length > 0,
                expandedRowRender: (r) => <DestinationTable lines={linesOf(r.destinations)} />,
              }}
              onRow={(r) => {
                const bg = dangerColor(r.dangerLevel)
                return bg ? { className: styles.dangerRow, style: { '--danger-bg': bg } as CSSProperties } : {}
              }}
              pagination={{
                current: grid.current, pageSize: grid.size, total: grid.page.totalCount, onChange: grid.turn,
                showSizeChanger: true, showQuickJumper: true, showTotal, pageSizeOptions: [...TRANSPORT_PAGE_SIZE_OPTIONS],
              }}
            />
          </SortableContext>
        </DndContext>
      </Card>
    </div>
  )
}

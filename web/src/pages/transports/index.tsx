/**
 * 运单列表 (menu key by_agent, the home page; spec 001 §2 "Delivery/receipt list", issue 10 "Grid"):
 * the spec's filters with suggestions (kept in the address with the page), the spec's columns
 * (resizable, drag-sortable, visibility in the column settings; the layout is kept per user on the
 * server; by default what operators check, without scrolling sideways at 1440 pixels), rows marked by
 * dangerLevel with the legend, extra destinations in expandable rows, the action menu by status, the
 * selected rows' bar, and pages of up to 100,000 rows in a virtualised table (GridBody: only the rows
 * in view are rendered). On a phone the rows are cards (GridCards).
 *
 * Not a ListPage: ProTable indexes every row of a page several times over (its editable-row and
 * record maps, a quarter of a second for 100,000 rows) and brings its form and field libraries to
 * the home page; this grid is antd's Table with its own filter bar, pager and column settings.
 */
import { useCallback, useEffect, useMemo, useState, type HTMLAttributes } from 'react'
import { Link } from 'react-router-dom'
import { Button, Card, Checkbox, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd'
import { usePhoneScreen } from '../../components/phoneScreen'
import { LoadingOutlined, ReloadOutlined } from '@ant-design/icons'
import { DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { restrictToHorizontalAxis } from '@dnd-kit/modifiers'
import { horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable'
import {
  HQ_COMPANY_ID, TRANSPORT_PAGE_SIZE_OPTIONS, type TransportGridRow,
} from '@app/contract'
import * as transportsApi from '../../api/transports'
import { useUserInfo } from '../../app/session'
import { useCompanyOptions } from '../../components/companies'
import DeleteAction from '../../components/DeleteAction'
import ColumnSettings from './ColumnSettings'
import { gridColumns } from './columns'
import DangerLegend from './DangerLegend'
import DestinationTable, { linesOf } from '../../features/transports/DestinationTable'
import FilterBar from './FilterBar'
import GridBody, { type BodyColumn, type BodyInfo } from './GridBody'
import GridCards from './GridCards'
import GridHeaderCell, { type LayoutHeaderProps } from './GridHeaderCell'
import { columnWidth, moveColumn, resizeColumn, visibleColumns, visibleWidth } from './gridLayout'
import TransportToolbar, { useToolbarDialogs } from './toolbar'
import SelectionBar from './toolbar/SelectionBar'
import styles from './transport.module.css'
import { ACTION_LABELS, actionPath, DELETE_CONFIRM, rowActions } from '../../features/transports/transportValues'
import { useGridLayout } from './useGridLayout'
import { useSuggestions } from './useSuggestions'
import { useTransportGrid } from './useTransportGrid'
import { useViewportHeight } from './useViewportHeight'

/**
 * The columns outside the layout, as narrow as what they hold (the default columns fit a 1440-pixel
 * screen beside the menu): the 操作 column as wide as its links (headquarters' rows have 原始数据
 * too); the checkbox and the expand button without the cells' padding.
 */
const actionWidth = (headquarters: boolean) => (headquarters ? 180 : 128)
const SELECT_WIDTH = 28
const OPEN_WIDTH = 24
/** what the page keeps above and below the table body: navbar, filters, toolbar, legend, header, pagination */
const CHROME_HEIGHT = 374
const MIN_BODY_HEIGHT = 280

const HEADER_CELLS = { cell: GridHeaderCell }
/** the grid's card gives the columns some of its padding */
const GRID_CARD_STYLES = { body: { paddingInline: 16 } }
const CENTERED = { textAlign: 'center' } as const
const UNPADDED_HEADER = { style: { paddingInline: 0, textAlign: 'center' } } as HTMLAttributes<HTMLElement>

/** A column as antd's header shows it and as the grid's body renders it. */
interface GridColumnPair {
  header: TableColumnsType<TransportGridRow>[number]
  body: BodyColumn
}

const SELECT_COLUMN: BodyColumn = {
  key: 'select', width: SELECT_WIDTH, style: { ...CENTERED, width: SELECT_WIDTH, padding: 0 },
  // the browser's own: antd's is four elements, and a scroll frame makes some thirty new ones
  cell: (_, line) => <input type="checkbox" aria-label="选择" checked={line.selected} onChange={(e) => line.toggleSelected(e.target.checked)} />,
}

/** antd's expand button, for transports with extra destinations */
const OPEN_COLUMN: GridColumnPair = {
  header: { key: 'open', width: OPEN_WIDTH, className: 'ant-table-row-expand-icon-cell', onHeaderCell: () => UNPADDED_HEADER },
  body: {
    key: 'open', width: OPEN_WIDTH, style: { ...CENTERED, width: OPEN_WIDTH, padding: 0 },
    cell: (row, line) => row.destinations.length ? (
      <button
        type="button" aria-label={line.opened ? '关闭行' : '展开行'} aria-expanded={line.opened} onClick={line.toggleOpened}
        className={`ant-table-row-expand-icon ant-table-row-expand-icon-${line.opened ? 'expanded' : 'collapsed'}`}
      />
    ) : <span className="ant-table-row-expand-icon ant-table-row-expand-icon-spaced" />,
  },
}

/** none, or an empty column `width` wide */
const fillerColumn = (width: number): GridColumnPair[] => width < 1 ? [] : [{
  header: { key: 'filler', width },
  body: { key: 'filler', width, style: { width }, cell: () => '' },
}]

const openedDetail = (row: TransportGridRow) => <DestinationTable lines={linesOf(row.destinations)} />
const showTotal = (total: number) => `共 ${total} 条`

export default function TransportsPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const canUpload = !!info?.permissions.includes('upload')
  const grid = useTransportGrid()
  const columns = gridColumns(headquarters)
  const { layout, setLayout } = useGridLayout('transportGrid', columns)
  const phone = usePhoneScreen()
  const actionsWidth = actionWidth(headquarters)
  const [suggestionsFor, setSuggestionsFor] = useState<number | undefined>()
  const suggestions = useSuggestions(suggestionsFor)
  const companies = useCompanyOptions({ enabled: headquarters })
  const [selected, setSelected] = useState<TransportGridRow[]>([])
  const viewport = useViewportHeight()
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }))

  const [opened, setOpened] = useState<number[]>([])
  // each load (a search, another page, a reload) starts with nothing selected or opened
  useEffect(() => {
    setSelected([])
    setOpened([])
  }, [grid.load])

  const shown = useMemo(() => visibleColumns(layout, columns), [layout, columns])
  const dataColumns = useMemo(() => shown.map((c): GridColumnPair => {
    const width = columnWidth(layout, c)
    return {
      header: {
        key: c.key, title: c.title, width, align: c.align,
        onHeaderCell: () => ({
          columnKey: c.key, width, onResizeWidth: (w: number) => setLayout((l) => resizeColumn(l, c.key, w)),
        } satisfies LayoutHeaderProps as HTMLAttributes<HTMLElement>),
      },
      body: { key: c.key, width, style: c.align ? { width, textAlign: c.align } : { width }, cell: c.render },
    }
  }), [shown, layout, setLayout])

  // plain links: each scroll frame of a big page mounts the actions of some twenty new rows
  const actionLinks = useCallback((row: TransportGridRow) => rowActions(row.status, headquarters).map((action) => action === 'delete' ? (
    <DeleteAction key={action} description={DELETE_CONFIRM} onDelete={() => transportsApi.deleteTransport(row.id)} onDeleted={grid.reload} />
  ) : (
    <Link key={action} to={actionPath(action, row.id)}>{ACTION_LABELS[action]}</Link>
  )), [headquarters, grid.reload])
  const actions = useMemo((): GridColumnPair => ({
    header: { title: '操作', key: 'actions', width: actionsWidth, fixed: 'right' },
    body: { key: 'actions', width: actionsWidth, style: { width: actionsWidth }, pinned: true, cell: actionLinks },
  }), [actionsWidth, actionLinks])

  const rows = grid.page.data
  const selectedIds = useMemo(() => new Set(selected.map((r) => r.id)), [selected])
  const onSelect = useCallback((row: TransportGridRow, checked: boolean) =>
    setSelected((s) => (checked ? [...s, row] : s.filter((r) => r.id !== row.id))), [])
  const onOpen = useCallback((id: number) => setOpened((o) => (o.includes(id) ? o.filter((x) => x !== id) : [...o, id])), [])
  const allSelected = rows.length > 0 && selected.length === rows.length
  const selectHeader: TableColumnsType<TransportGridRow>[number] = {
    key: 'select', width: SELECT_WIDTH, className: 'ant-table-selection-column', onHeaderCell: () => UNPADDED_HEADER,
    title: (
      <Checkbox
        aria-label="全选" checked={allSelected} indeterminate={selected.length > 0 && !allSelected} disabled={!rows.length}
        onChange={(e) => setSelected(e.target.checked ? [...rows] : [])}
      />
    ),
  }
  // columns narrower than the grid leave the rest to an empty column before 操作 (antd's header would
  // widen every column by a share of it, which the body's rows could not follow)
  const columnsWidth = visibleWidth(layout, columns, SELECT_WIDTH + OPEN_WIDTH + actionsWidth)
  const [viewWidth, setViewWidth] = useState(0)
  const filler = useMemo(() => fillerColumn(viewWidth - columnsWidth), [viewWidth, columnsWidth])
  const tableColumns = [selectHeader, OPEN_COLUMN.header, ...dataColumns.map((c) => c.header), ...filler.map((c) => c.header), actions.header]
  const bodyColumns = useMemo(
    () => [SELECT_COLUMN, OPEN_COLUMN.body, ...dataColumns.map((c) => c.body), ...filler.map((c) => c.body), actions.body],
    [dataColumns, filler, actions],
  )
  const scrollX = Math.max(columnsWidth, viewWidth)
  const scrollY = Math.max(MIN_BODY_HEIGHT, viewport - CHROME_HEIGHT)
  const failed = useMemo(() => (grid.failed == null ? undefined : { message: grid.failed, onRetry: grid.reload }), [grid.failed, grid.reload])
  const body = (data: readonly TransportGridRow[], info: BodyInfo) => (
    <GridBody
      rows={data} columns={bodyColumns} width={scrollX} height={scrollY}
      selected={selectedIds} onSelect={onSelect} opened={opened} onOpen={onOpen} failed={failed}
      detail={openedDetail} emptyText="暂无运单" scrollKey={grid.load} viewWidth={viewWidth} onViewWidth={setViewWidth} info={info}
    />
  )
  const filters = useCallback(() => grid.filters, [grid.filters])
  const dialogs = useToolbarDialogs({ filters, gridOrder: layout.order, onChanged: grid.reload, prefetch: grid.shown })
  const selectedList = selected.map((r) => r.id)
  const pager = { current: grid.current, pageSize: grid.size, total: grid.page.totalCount, onChange: grid.turn }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) setLayout((l) => moveColumn(l, String(active.id), String(over.id)))
  }

  return (
    <div className={styles.page}>
      <Card>
        <FilterBar
          headquarters={headquarters} companies={companies} suggestions={suggestions} values={grid.filters}
          onCompany={setSuggestionsFor} onSearch={grid.search} prefetch={grid.shown}
        />
      </Card>
      <Card styles={GRID_CARD_STYLES}>
        <div className={styles.toolbar}>
          <Space size={16} wrap>
            <span className={styles.title}>运单列表</span>
            {grid.arriving && <Typography.Text type="secondary" data-testid="rows-arriving"><LoadingOutlined /> 正在接收其余运单…</Typography.Text>}
          </Space>
          <Space size={8} wrap>
            <TransportToolbar dialogs={dialogs} filters={filters} canUpload={canUpload} />
            <Tooltip title="刷新"><Button type="text" icon={<ReloadOutlined />} aria-label="刷新" onClick={grid.reload} /></Tooltip>
            {!phone && <ColumnSettings columns={columns} layout={layout} setLayout={setLayout} />}
          </Space>
        </div>
        {/* the legend, or while rows are selected what they offer: one line either way, so the grid does not move */}
        <div className={styles.selectionRow}>
          {selected.length ? (
            <SelectionBar selectedIds={selectedList} filters={filters} onExport={() => dialogs.show('columns', selectedList)} onClear={() => setSelected([])} />
          ) : <DangerLegend />}
        </div>
        {phone ? (
          <GridCards rows={rows} loading={grid.loading} failed={failed} selected={selectedIds} onSelect={onSelect} actions={actionLinks} pager={pager} />
        ) : (
          <DndContext sensors={sensors} modifiers={[restrictToHorizontalAxis]} onDragEnd={onDragEnd}>
            <SortableContext items={shown.map((c) => c.key)} strategy={horizontalListSortingStrategy}>
              <Table<TransportGridRow>
                rowKey="id"
                columns={tableColumns}
                dataSource={rows}
                loading={grid.loading}
                components={{ header: HEADER_CELLS, body }}
                scroll={{ x: scrollX, y: scrollY }}
                size="small"
                pagination={{ ...pager, showSizeChanger: true, showQuickJumper: true, showTotal, pageSizeOptions: [...TRANSPORT_PAGE_SIZE_OPTIONS] }}
              />
            </SortableContext>
          </DndContext>
        )}
        {dialogs.element}
      </Card>
    </div>
  )
}

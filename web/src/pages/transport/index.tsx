/**
 * 运单列表 (menu key by_agent, the home page; spec 001 §2 "Delivery/receipt list", issue 10 "Grid"):
 * the spec's filters with suggestions, the spec's columns (resizable, drag-sortable, visibility in the
 * column settings; the layout is kept per user on the server), rows coloured by dangerLevel with the
 * legend, extra destinations in expandable rows, the action menu by status, and pages of up to
 * 100,000 rows in a virtualised table (antd Table `virtual`: only the rows in view are rendered).
 */
import { useEffect, useMemo, useRef, useState, type CSSProperties, type HTMLAttributes } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, Space } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { restrictToHorizontalAxis } from '@dnd-kit/modifiers'
import { horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable'
import {
  HQ_COMPANY_ID, TRANSPORT_DEFAULT_PAGE_SIZE, TRANSPORT_PAGE_SIZE_OPTIONS, transportFilters,
  type CompanyOption, type Transport, type TransportQuery, type TransportSuggestions,
} from '@app/contract'
import * as companiesApi from '../../api/companies'
import * as transportsApi from '../../api/transports'
import { useUserInfo } from '../../app/session'
import DeleteAction from '../../components/DeleteAction'
import { toDateRange } from '../../components/dateRange'
import ListPage from '../../components/ListPage'
import { useListPage } from '../../components/useListPage'
import { schemaMaxLength } from '../../components/zodRule'
import { GRID_COLUMNS } from './columns'
import DangerLegend from './DangerLegend'
import DestinationTable, { linesOf } from './DestinationTable'
import GridHeaderCell, { type LayoutHeaderProps } from './GridHeaderCell'
import { columnsStateOf, columnWidth, defaultLayout, layoutFromColumnsState, moveColumn, resizeColumn, visibleWidth } from './gridLayout'
import SuggestInput from './SuggestInput'
import TransportToolbar from './toolbar'
import styles from './transport.module.css'
import { ACTION_LABELS, actionPath, dangerColor, DELETE_CONFIRM, rowActions, SUGGESTED_FILTERS } from './transportValues'
import { useGridLayout } from './useGridLayout'
import { useViewportHeight } from './useViewportHeight'

const ACTION_WIDTH = 200
/** selection and expand columns */
const LEAD_WIDTH = 32 + 48
/** what the page keeps above and below the table body: navbar, toolbar, header, pagination */
const CHROME_HEIGHT = 300
const MIN_BODY_HEIGHT = 280

const filterFields = transportFilters.shape
const HEADER_COMPONENTS = { header: { cell: GridHeaderCell } }
const DEFAULT_COLUMNS_STATE = columnsStateOf(defaultLayout(GRID_COLUMNS))

export default function TransportPage() {
  const info = useUserInfo()
  const navigate = useNavigate()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const page = useListPage<Transport>()
  const { layout, setLayout } = useGridLayout('transportGrid', GRID_COLUMNS)
  const [suggestions, setSuggestions] = useState<Partial<TransportSuggestions>>({})
  const [companies, setCompanies] = useState<CompanyOption[]>([])
  const [selected, setSelected] = useState<Transport[]>([])
  /** the filters the grid was last loaded with (what the toolbar's exports and SMS work on) */
  const lastQuery = useRef<TransportQuery>({})
  const viewport = useViewportHeight()
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }))

  const loadSuggestions = (companyId?: number) =>
    transportsApi.findSuggestions(companyId, { silent: true }).then(setSuggestions, () => setSuggestions({}))
  useEffect(() => {
    void loadSuggestions()
    if (headquarters) companiesApi.companyOptions({ silent: true }).then(setCompanies, () => setCompanies([]))
  }, [headquarters])

  const filters: ProColumns<Transport>[] = [
    ...(headquarters ? [{
      title: '基地', dataIndex: 'companyId', valueType: 'select' as const,
      fieldProps: {
        showSearch: true, optionFilterProp: 'label', placeholder: '全部基地',
        options: companies.map((c) => ({ label: c.name, value: c.id })),
        onChange: (id?: number) => void loadSuggestions(id),
      },
    }] : []),
    ...(Object.keys(SUGGESTED_FILTERS) as (keyof typeof SUGGESTED_FILTERS)[]).map((field): ProColumns<Transport> => ({
      title: filterFields[field].description, dataIndex: field,
      renderFormItem: () => (
        <SuggestInput suggestions={suggestions[SUGGESTED_FILTERS[field]]} maxLength={schemaMaxLength(filterFields[field])} />
      ),
    })),
    {
      title: '发货日期', dataIndex: 'deliveryTimeQuery', valueType: 'dateRange' as const,
      fieldProps: { placeholder: ['开始日期', '结束日期'] },
      search: { transform: (v: unknown) => ({ deliveryTimeQuery: toDateRange(v) }) },
    },
    {
      title: '上传日期', dataIndex: 'createTimeQuery', valueType: 'dateRange' as const,
      fieldProps: { placeholder: ['开始日期', '结束日期'] },
      search: { transform: (v: unknown) => ({ createTimeQuery: toDateRange(v) }) },
    },
  // no `key`: the search form names a field by its key before its dataIndex
  ].map((c): ProColumns<Transport> => ({ ...c, hideInTable: true, hideInSetting: true }))

  const gridColumns = useMemo(() => GRID_COLUMNS.map((c): ProColumns<Transport> => {
    const width = columnWidth(layout, c)
    return {
      key: c.key, title: c.title, width, align: c.align, hideInSearch: true,
      render: (_, row) => c.render(row),
      onHeaderCell: () => ({
        columnKey: c.key, width, onResizeWidth: (w: number) => setLayout((l) => resizeColumn(l, c.key, w)),
      } satisfies LayoutHeaderProps as HTMLAttributes<HTMLElement>),
    }
  }), [layout, setLayout])

  const actions: ProColumns<Transport> = {
    title: '操作', key: 'actions', valueType: 'option', width: ACTION_WIDTH, fixed: 'right', hideInSetting: true,
    render: (_, row) => (
      <Space size={8}>
        {rowActions(row.status, headquarters).map((action) => action === 'delete' ? (
          <DeleteAction key={action} description={DELETE_CONFIRM} onDelete={() => transportsApi.deleteTransport(row.id)} onDeleted={page.reload} />
        ) : (
          <Button key={action} type="link" size="small" style={{ padding: 0 }} onClick={() => navigate(actionPath(action, row.id))}>
            {ACTION_LABELS[action]}
          </Button>
        ))}
      </Space>
    ),
  }

  const visibleKeys = layout.order.filter((k) => !layout.hidden.includes(k))
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) setLayout((l) => moveColumn(l, String(active.id), String(over.id)))
  }

  return (
    <DndContext sensors={sensors} modifiers={[restrictToHorizontalAxis]} onDragEnd={onDragEnd}>
      <SortableContext items={visibleKeys} strategy={horizontalListSortingStrategy}>
        <ListPage<Transport, TransportQuery>
          headerTitle={<Space size={16} wrap><span>运单列表</span><DangerLegend /></Space>}
          actionRef={page.actionRef}
          columns={[...filters, ...gridColumns, actions]}
          columnsState={{
            value: columnsStateOf(layout),
            // the settings panel's 重置
            defaultValue: DEFAULT_COLUMNS_STATE,
            onChange: (state) => setLayout((l) => layoutFromColumnsState(l, state)),
          }}
          components={HEADER_COMPONENTS}
          form={{ name: 'transport-search' }}
          emptyText="暂无运单"
          pageSize={TRANSPORT_DEFAULT_PAGE_SIZE}
          pageSizeOptions={TRANSPORT_PAGE_SIZE_OPTIONS}
          searchCollapsed
          list={(q) => {
            const { page: _p, size: _s, ...rest } = q
            lastQuery.current = rest
            setSelected([])
            return transportsApi.findTransports(q)
          }}
          virtual
          scroll={{ x: visibleWidth(layout, GRID_COLUMNS, LEAD_WIDTH + ACTION_WIDTH), y: Math.max(MIN_BODY_HEIGHT, viewport - CHROME_HEIGHT) }}
          size="small"
          rowSelection={{
            selectedRowKeys: selected.map((r) => r.id),
            onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
          }}
          tableAlertRender={false}
          expandable={{
            rowExpandable: (r) => r.destinations.length > 0,
            expandedRowRender: (r) => <DestinationTable lines={linesOf(r.destinations)} />,
          }}
          onRow={(r) => {
            const bg = dangerColor(r.dangerLevel)
            return bg ? { className: styles.dangerRow, style: { '--danger-bg': bg } as CSSProperties } : {}
          }}
          buttons={[
            <TransportToolbar
              key="toolbar" filters={() => lastQuery.current} selectedIds={selected.map((r) => r.id)}
              gridOrder={layout.order} onChanged={page.reload}
            />,
          ]}
        />
      </SortableContext>
    </DndContext>
  )
}

/**
 * A back-office list screen: ProTable with the one set of defaults (search form 查询 / 清空, density
 * and column settings, page sizes PAGE_SIZE_OPTIONS (or `pageSizeOptions`) with 共 N 条 and a quick jumper, rows keyed by
 * `id`), rows from a list call (`list`, `filters`, `pageSize`: see ListSource), 新增 with `onAdd`,
 * and with `exportList` 导出 of the filters the list was last loaded with. With `useListPage` for
 * reload and the add/edit dialog, a new list screen is a columns array, a list call and a form.
 * A screen with a filter bar of its own above the table passes `search={false}` and the bar's filters
 * as `params`: no search form, and the list loads again from page 1 when they change.
 */
import { useState, type ReactNode } from 'react'
import { Button } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { ProTable, type ProTableProps } from '@ant-design/pro-components'
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@app/contract'
import type { Download, RequestOptions } from '../api/request'
import ExportButton from './ExportButton'
import { listLoader, type ListSource, type TableParams } from './listQuery'

const SEARCH = { labelWidth: 'auto', defaultCollapsed: false, searchText: '查询', resetText: '清空' } as const
const OPTIONS = { density: true, setting: true, reload: true, fullScreen: false }
const PAGINATION = { showSizeChanger: true, showQuickJumper: true, showTotal: (total: number) => `共 ${total} 条` }

export interface ListPageProps<T, F> extends ListSource<T, F>,
  Omit<ProTableProps<T, TableParams>, 'request' | 'search' | 'options' | 'pagination' | 'toolBarRender' | 'toolbar' | 'locale' | 'params'> {
  /** 导出 (last in the toolbar): the export of these filters */
  exportList?: (filters: F, opts: RequestOptions) => Promise<Download>
  /** a primary 新增 button first in the toolbar */
  onAdd?: () => void
  /** the toolbar's own buttons (after 新增, before 导出), each with a key */
  buttons?: ReactNode[]
  /** what an empty list says (else antd's 暂无数据) */
  emptyText?: string
  /** the page sizes offered (else PAGE_SIZE_OPTIONS) */
  pageSizeOptions?: readonly number[]
  /** the search form opens folded to its first row (a screen whose table needs the height) */
  searchCollapsed?: boolean
  /** false: no search form, the filters are `params` (a filter bar of the screen's own above the table) */
  search?: false
  /** without the search form: the list's filters; a change loads the list again from page 1 */
  params?: F
}

export default function ListPage<T extends Record<string, any>, F extends object>(
  {
    list, filters, pageSize = DEFAULT_PAGE_SIZE, pageSizeOptions = PAGE_SIZE_OPTIONS, searchCollapsed = false, search, params, exportList, onAdd, buttons = [],
    emptyText, rowKey = 'id', ...table
  }: ListPageProps<T, F>,
) {
  const [loader] = useState(listLoader<F>)
  return (
    <ProTable<T, TableParams>
      {...table}
      rowKey={rowKey}
      search={search === false ? false : searchCollapsed ? { ...SEARCH, defaultCollapsed: true } : SEARCH}
      params={params as TableParams | undefined}
      options={OPTIONS}
      pagination={{ ...PAGINATION, pageSizeOptions: [...pageSizeOptions], defaultPageSize: pageSize }}
      locale={emptyText ? { emptyText } : undefined}
      request={(params) => loader.load({ list, filters, pageSize }, params)}
      toolBarRender={() => [
        ...(onAdd ? [<Button key="add" type="primary" icon={<PlusOutlined />} onClick={onAdd}>新增</Button>] : []),
        ...buttons,
        ...(exportList ? [<ExportButton key="export" run={(opts) => exportList(loader.lastFilters(), opts)} />] : []),
      ]}
    />
  )
}

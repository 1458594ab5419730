/**
 * A back-office list screen: ProTable with the one set of defaults (search form 查询 / 清空, density
 * and column settings, page sizes PAGE_SIZE_OPTIONS (or `pageSizeOptions`) with 共 N 条 and a quick jumper, rows keyed by
 * `id`), rows from a list call (`list`, `filters`, `pageSize`: see ListSource), and with `exportList`
 * 导出 of the filters the list was last loaded with. `page` is the screen's `useListPage()`: the
 * table reloads through it, and with `dialog` (the add/edit form, rendered afresh for each opening)
 * the toolbar has 新增 and the screen is one <ListPage>: a columns array, a list call and a form.
 * A screen with a filter bar of its own above the table passes `search={false}` and the bar's filters
 * as `params`: no search form, and the list loads again from page 1 when they change.
 */
import { Fragment, useState, type ReactNode } from 'react'
import { Button } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { ProTable, type ProTableProps } from '@ant-design/pro-components'
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@app/contract'
import type { Download, RequestOptions } from '../api/request'
import type { EditDialogProps } from './editDialog'
import ExportButton from './ExportButton'
import { listLoader, type ListSource, type TableParams } from './listQuery'
import type { ListPageState } from './useListPage'

const SEARCH = { labelWidth: 'auto', defaultCollapsed: false, searchText: '查询', resetText: '清空' } as const
const OPTIONS = { density: true, setting: true, reload: true, fullScreen: false }
const PAGINATION = { showSizeChanger: true, showQuickJumper: true, showTotal: (total: number) => `共 ${total} 条` }

/** `D`: the row the dialog edits (the list's row unless the screen loads a fuller one to edit). */
export interface ListPageProps<T, F, D = T> extends ListSource<T, F>,
  Omit<ProTableProps<T, TableParams>, 'request' | 'search' | 'options' | 'pagination' | 'toolBarRender' | 'toolbar' | 'locale' | 'params' | 'actionRef'> {
  /** the screen's useListPage(): reload and the add/edit dialog */
  page?: ListPageState<D>
  /**
   * the add/edit dialog (needs `page`), e.g. `(form) => <LogForm {...form} />`: rendered with a fresh key
   * for each opening; with it a primary 新增 button comes first in the toolbar
   */
  dialog?: (form: EditDialogProps<D>) => ReactNode
  /** 导出 (last in the toolbar): the export of these filters */
  exportList?: (filters: F, opts: RequestOptions) => Promise<Download>
  /** the toolbar's own buttons (after 新增, before 导出), each with a key */
  buttons?: ReactNode[]
  /** what the list holds: an empty list says 暂无{noun} */
  noun?: string
  /** what an empty list says, when not 暂无{noun} (neither: antd's 暂无数据) */
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

export default function ListPage<T extends Record<string, any>, F extends object, D = T>(
  {
    list, filters, pageSize = DEFAULT_PAGE_SIZE, pageSizeOptions = PAGE_SIZE_OPTIONS, searchCollapsed = false, search, params, exportList,
    page, dialog, buttons = [], noun, emptyText = noun && `暂无${noun}`, rowKey = 'id', ...table
  }: ListPageProps<T, F, D>,
) {
  const [loader] = useState(listLoader<F>)
  const form = page && dialog ? page.form : undefined
  return (
    <>
      <ProTable<T, TableParams>
        {...table}
        actionRef={page?.actionRef}
        rowKey={rowKey}
        search={search === false ? false : searchCollapsed ? { ...SEARCH, defaultCollapsed: true } : SEARCH}
        params={params as TableParams | undefined}
        options={OPTIONS}
        pagination={{ ...PAGINATION, pageSizeOptions: [...pageSizeOptions], defaultPageSize: pageSize }}
        locale={emptyText ? { emptyText } : undefined}
        request={(params) => loader.load({ list, filters, pageSize }, params)}
        toolBarRender={() => [
          ...(form ? [<Button key="add" type="primary" icon={<PlusOutlined />} onClick={page!.openNew}>新增</Button>] : []),
          ...buttons,
          ...(exportList ? [<ExportButton key="export" run={(opts) => exportList(loader.lastFilters(), opts)} />] : []),
        ]}
      />
      {form && <Fragment key={form.key}>{dialog!(form.props)}</Fragment>}
    </>
  )
}

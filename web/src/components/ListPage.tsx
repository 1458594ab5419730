/**
 * A back-office list screen: ProTable with the one set of defaults (search form 查询 / 清空, density
 * and column settings, page sizes PAGE_SIZE_OPTIONS (or `pageSizeOptions`) with 共 N 条 and a quick jumper, rows keyed by
 * `id`), rows from a list call (`list`, `filters`, `pageSize`: see ListSource), and with `exportList`
 * 导出 of the filters the list was last loaded with. `page` is the screen's `useListPage()`: the
 * table reloads through it, and with `dialog` (the add/edit form, rendered afresh for each opening)
 * the toolbar has 新增 and the screen is one <ListPage>: a columns array, a list call and a form.
 * A screen with a filter bar of its own above the table passes `search={false}` and the bar's filters
 * as `params`: no search form, and the list loads again from page 1 when they change.
 *
 * Day to day: the search form's filters, the page and the page size live in the address (listUrl.ts),
 * so a list comes back as it was left; the filters in force show as tags above the table (FilterTags);
 * a failed load says why in the table, with 重试; columns narrow to fit beside the fixed 操作 column
 * (fitColumns.ts); below md (a phone) the rows are cards (ListCards).
 */
import { Fragment, useEffect, useRef, useState, type MutableRefObject, type ReactNode } from 'react'
import { Button, Space, Typography } from 'antd'
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons'
import { ProTable, type ActionType, type ProFormInstance, type ProTableProps } from '@ant-design/pro-components'
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@app/contract'
import { isHandled, type Download, type RequestOptions } from '../api/request'
import type { EditDialogProps } from './editDialog'
import ExportButton from './ExportButton'
import FilterTags from './FilterTags'
import { fitColumns, useTableRoom } from './fitColumns'
import { isPhoneScreen, usePhoneScreen } from './phoneScreen'
import ListCards from './ListCards'
import { listLoader, type ListSource, type TableParams } from './listQuery'
import { searchFields, useListUrl, type FormValues, type SearchField } from './listUrl'
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

/** The values of the search form's own fields. */
const fieldValues = (all: FormValues, fields: SearchField[]): FormValues =>
  Object.fromEntries(fields.map((f) => [f.name, all[f.name]]))

/** Why the list could not be loaded, in the table's body, with 重试. */
function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Space direction="vertical" size={12} role="alert" style={{ padding: '24px 0' }}>
      <Typography.Text type="danger">加载失败：{message}</Typography.Text>
      <Button icon={<ReloadOutlined />} onClick={onRetry}>重试</Button>
    </Space>
  )
}

export default function ListPage<T extends Record<string, any>, F extends object, D = T>(
  {
    list, filters, pageSize = DEFAULT_PAGE_SIZE, pageSizeOptions = PAGE_SIZE_OPTIONS, searchCollapsed = false, search, params, exportList,
    page, dialog, buttons = [], noun, emptyText = noun && `暂无${noun}`, rowKey = 'id', columns = [], scroll, form: formProps, formRef: screenFormRef,
    beforeSearchSubmit, tableExtraRender, ...table
  }: ListPageProps<T, F, D>,
) {
  const [loader] = useState(listLoader<F>)
  const form = page && dialog ? page.form : undefined
  const ownActionRef = useRef<ActionType>(null)
  const actionRef = page?.actionRef ?? ownActionRef
  const ownFormRef = useRef<ProFormInstance>(undefined)
  const formRef = (screenFormRef ?? ownFormRef) as MutableRefObject<ProFormInstance | undefined>

  const withSearch = search !== false
  const fields = withSearch ? searchFields(columns) : []
  const url = useListUrl(fields, pageSize, withSearch)
  /** the search form's values the list was last loaded with (its filter tags, and what the address keeps) */
  const applied = useRef(url.initial.values)
  const [tags, setTags] = useState(url.initial.values)
  // the address's filters fill the form when it opens; after that 清空 goes back to the screen's own
  const [opened, setOpened] = useState(false)
  useEffect(() => setOpened(true), [])
  const [failure, setFailure] = useState<string | null>(null)

  const phone = usePhoneScreen()
  // a phone opens the search form folded to its first field, leaving the screen to the list
  const [openedOnPhone] = useState(isPhoneScreen)
  const holder = useRef<HTMLDivElement>(null)
  const fitted = fitColumns(columns, useTableRoom(holder), scroll?.x, table.columnsState?.defaultValue)

  const retry = () => void actionRef.current?.reload()
  const empty = failure ? <LoadFailure message={failure} onRetry={retry} /> : emptyText
  const resubmit = (change: (f: ProFormInstance) => void) => {
    if (!formRef.current) return
    change(formRef.current)
    formRef.current.submit()
  }

  return (
    <div ref={holder}>
      <ProTable<T, TableParams>
        {...table}
        columns={fitted.columns}
        columnEmptyText="—"
        scroll={phone ? scroll : { ...scroll, x: fitted.x }}
        actionRef={actionRef}
        formRef={formRef}
        rowKey={rowKey}
        search={withSearch ? { ...SEARCH, defaultCollapsed: searchCollapsed || openedOnPhone } : false}
        form={{ ...formProps, initialValues: opened ? formProps?.initialValues : { ...formProps?.initialValues, ...url.initial.values } }}
        beforeSearchSubmit={(values) => {
          applied.current = fieldValues(formRef.current?.getFieldsValue?.() ?? {}, fields)
          setTags(applied.current)
          return beforeSearchSubmit ? beforeSearchSubmit(values) : values
        }}
        params={params as TableParams | undefined}
        options={OPTIONS}
        pagination={{
          ...PAGINATION, pageSizeOptions: [...pageSizeOptions],
          defaultPageSize: url.initial.pageSize ?? pageSize, defaultCurrent: url.initial.current,
        }}
        locale={empty ? { emptyText: empty } : undefined}
        request={(tableParams) => {
          url.save({ values: applied.current, current: tableParams.current, pageSize: tableParams.pageSize })
          return loader.load({ list, filters, pageSize }, tableParams, (error) => {
            setFailure(error === null || isHandled(error) ? null : (error as Error).message || '未知错误')
          })
        }}
        tableExtraRender={withSearch || tableExtraRender ? (props, data) => (
          <>
            {tableExtraRender?.(props, data)}
            {withSearch && (
              <FilterTags
                fields={fields}
                values={tags}
                onClose={(name) => resubmit((f) => f.setFieldsValue({ [name]: undefined }))}
                onClear={() => resubmit((f) => f.resetFields())}
              />
            )}
          </>
        ) : undefined}
        tableViewRender={phone ? (props) => <ListCards<T> table={props} rowKey={rowKey as string} empty={empty} /> : undefined}
        toolBarRender={() => [
          ...(form ? [<Button key="add" type="primary" icon={<PlusOutlined />} onClick={page!.openNew}>新增</Button>] : []),
          ...buttons,
          ...(exportList ? [<ExportButton key="export" run={(opts) => exportList(loader.lastFilters(), opts)} />] : []),
        ]}
      />
      {form && <Fragment key={form.key}>{dialog!(form.props)}</Fragment>}
    </div>
  )
}

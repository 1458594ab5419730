// @vitest-environment jsdom
/**
 * <ListPage> as a user sees it: the rows of its list call, paging, the search form, the variant without it,
 * an empty list, and the add/edit dialog of its useListPage; the filters and page kept in the address,
 * the filter tags, a failed load with 重试, and the cards on a phone.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState, type ReactElement } from 'react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { Modal } from 'antd'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ProColumns } from '@ant-design/pro-components'
import type { Page } from '@app/contract'
import { actionColumn } from '../../src/components/actionColumn'
import { createTimeColumn } from '../../src/components/dateRange'
import ListPage from '../../src/components/ListPage'
import type { EditDialogProps } from '../../src/components/editDialog'
import type { PageRequest } from '../../src/components/listQuery'
import { useListPage } from '../../src/components/useListPage'
import { button, renderInApp, user } from './ui'

interface Goods {
  id: number
  name: string
}
type Filters = { name?: string; level?: number }

const COLUMNS: ProColumns<Goods>[] = [{ title: '名称', dataIndex: 'name' }]
const goods = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i, name: `水泥${from + i}号` }))
/** a list call answering `total` rows, a page at a time */
const listOf = (total: number) => vi.fn(async ({ page, size }: Filters & PageRequest): Promise<Page<Goods>> =>
  ({ data: goods((page - 1) * size + 1, Math.max(0, Math.min(size, total - (page - 1) * size))), totalCount: total }))

const rows = () => document.querySelectorAll('tbody tr.ant-table-row')

/** What the address's query says, shown under the list. */
function Address() {
  return <output data-testid="address">{decodeURIComponent(useLocation().search)}</output>
}
const address = () => screen.getByTestId('address').textContent

/** The list as a screen of the app opened at `url`; `rerender` keeps the same router. */
function renderAt(ui: ReactElement, url = '/goods') {
  const inRouter = (el: ReactElement) => <MemoryRouter initialEntries={[url]}>{el}<Address /></MemoryRouter>
  const result = renderInApp(inRouter(ui))
  return { ...result, rerender: (el: ReactElement) => result.rerender(inRouter(el)) }
}

describe('<ListPage>', () => {
  it('shows the rows of its list call with the total, and asks for another page', async () => {
    const list = listOf(12)
    renderAt(<ListPage<Goods, Filters> list={list} columns={COLUMNS} pageSize={5} />)
    await screen.findByText('水泥1号')
    expect(rows()).toHaveLength(5)
    expect(screen.getByText('共 12 条')).toBeTruthy()
    expect(list).toHaveBeenLastCalledWith({ page: 1, size: 5 })

    await user.click(screen.getByTitle('3'))
    await screen.findByText('水泥11号')
    expect(rows()).toHaveLength(2)
    expect(list).toHaveBeenLastCalledWith({ page: 3, size: 5 })
  })

  it('asks for what the search form says on 查询, and for everything again on 清空', async () => {
    const list = listOf(3)
    renderAt(<ListPage<Goods, Filters> list={list} columns={COLUMNS} />)
    await screen.findByText('水泥1号')
    const form = document.querySelector('.ant-pro-query-filter') as HTMLElement
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: ' 水泥 ' } })
    await user.click(button(form, /^查\s*询$/))
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 20, name: '水泥' }))

    await user.click(button(form, /^清\s*空$/))
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 20 }))
    expect((within(form).getByLabelText('名称') as HTMLInputElement).value).toBe('')
  })

  it('without its search form lists what the screen’s own filters say, from page 1 again when they change', async () => {
    const list = listOf(12)
    const page = (level: number) => <ListPage<Goods, Filters> search={false} params={{ level }} pageSize={5} list={list} columns={COLUMNS} />
    const { rerender } = renderAt(page(1))
    await screen.findByText('水泥1号')
    expect(screen.queryByText(/^查\s*询$/)).toBeNull()
    expect(document.querySelector('.ant-pro-query-filter')).toBeNull()
    expect(list).toHaveBeenLastCalledWith({ page: 1, size: 5, level: 1 })

    await user.click(screen.getByTitle('2'))
    await screen.findByText('水泥6号')
    rerender(page(2))
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 5, level: 2 }))
    await screen.findByText('水泥1号')
  })

  it('says what the screen says when the list is empty', async () => {
    const list = listOf(0)
    renderAt(<ListPage<Goods, Filters> list={list} columns={COLUMNS} emptyText="没有对应的检验报告" />)
    await screen.findByText('没有对应的检验报告')
    expect(rows()).toHaveLength(0)
  })

  it('says 暂无 and the noun of what it lists when empty', async () => {
    renderAt(<ListPage<Goods, Filters> list={listOf(0)} columns={COLUMNS} noun="水泥" />)
    await screen.findByText('暂无水泥')
  })

  it('opens its dialog empty for 新增 and with the row for 编辑, a fresh form each time, and reloads the list on a save', async () => {
    const list = listOf(2)
    /** the dialog: which row it opened for, and how many times it was mounted */
    const mounts: (string | null)[] = []
    function GoodsForm({ open, editing, onOpenChange, onSaved }: EditDialogProps<Goods>) {
      // made once per mount: a fresh form for each opening
      const [mountedFor] = useState(() => { mounts.push(editing?.name ?? null); return editing?.name ?? '新增' })
      return (
        <Modal open={open} title={editing ? `编辑${editing.name}` : '新增水泥'} onCancel={() => onOpenChange(false)} onOk={() => { onOpenChange(false); onSaved() }}>
          {mountedFor}
        </Modal>
      )
    }
    function Screen() {
      const page = useListPage<Goods>()
      const columns: ProColumns<Goods>[] = [...COLUMNS, { title: '操作', key: 'edit', render: (_, r) => <a onClick={() => page.openEdit(r)}>编辑</a> }]
      return <ListPage<Goods, Filters> page={page} dialog={(form) => <GoodsForm {...form} />} list={list} columns={columns} />
    }
    renderAt(<Screen />)
    await screen.findByText('水泥1号')
    expect(screen.queryByText('新增水泥')).toBeNull()

    await user.click(button(document.body, /^新\s*增$/))
    const added = await screen.findByRole('dialog')
    expect(within(added).getByText('新增水泥')).toBeTruthy()
    await user.click(button(added, /^取\s*消$/))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.click(screen.getAllByText('编辑')[1])
    const edited = await screen.findByRole('dialog')
    expect(within(edited).getByText('编辑水泥2号')).toBeTruthy()
    expect(mounts).toEqual([null, null, '水泥2号'])
    const loads = list.mock.calls.length
    await user.click(button(edited, /^确\s*定$/))
    await waitFor(() => expect(list.mock.calls.length).toBe(loads + 1))
  })
})

type Report = { id: number; name: string; status: number; createTimeStr: string }
type ReportFilters = { name?: string; status?: number; createTimeQuery?: [string, string] }
const STATUS = [{ value: 1, label: '检验中' }, { value: 2, label: '已完成' }]
const REPORT_COLUMNS: ProColumns<Report>[] = [
  { title: '名称', dataIndex: 'name' },
  { title: '状态', dataIndex: 'status', valueType: 'select', fieldProps: { options: STATUS }, render: (_, r) => STATUS.find((s) => s.value === r.status)?.label },
  createTimeColumn<Report>('创建时间', 170),
  actionColumn<Report>(80, (r) => <a>查看{r.id}</a>),
]
const reports = (total: number) => vi.fn(async ({ page, size }: ReportFilters & PageRequest): Promise<Page<Report>> => ({
  data: Array.from({ length: Math.max(0, Math.min(size, total - (page - 1) * size)) }, (_, i) => {
    const id = (page - 1) * size + i + 1
    return { id, name: `报告${id}`, status: 1 + (id % 2), createTimeStr: '2026-03-02 08:00:00' }
  }),
  totalCount: total,
}))
const tags = () => screen.queryByTestId('filter-tags')

describe('<ListPage> keeps its state in the address', () => {
  it('opens with the filters, page and size the address holds, and writes back what the user asks for', async () => {
    const list = reports(30)
    const { unmount } = renderAt(<ListPage<Report, ReportFilters> list={list} columns={REPORT_COLUMNS} />, '/goods?status=1&createTimeStr=2026-03-01~2026-03-05&page=2&size=10&tab=x')
    await screen.findByText('报告11')
    expect(list).toHaveBeenLastCalledWith({ page: 2, size: 10, status: 1, createTimeQuery: ['2026-03-01', '2026-03-05'] })
    const form = document.querySelector('.ant-pro-query-filter') as HTMLElement
    expect(within(form).getByTitle('检验中')).toBeTruthy()
    expect((within(form).getByPlaceholderText('开始日期') as HTMLInputElement).value).toBe('2026-03-01')

    await user.click(screen.getByTitle('3'))
    await screen.findByText('报告21')
    // another parameter of the address stays; page 3 replaces page 2
    await waitFor(() => expect(address()).toBe('?tab=x&status=1&createTimeStr=2026-03-01~2026-03-05&page=3&size=10'))

    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: ' 报告 ' } })
    await user.click(button(form, /^查\s*询$/))
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 10, name: '报告', status: 1, createTimeQuery: ['2026-03-01', '2026-03-05'] }))
    await waitFor(() => expect(address()).toBe('?tab=x&name=报告&status=1&createTimeStr=2026-03-01~2026-03-05&size=10'))

    // a reload: the list opens again as it was left
    const url = `/goods${address()}`
    unmount()
    const again = reports(30)
    renderAt(<ListPage<Report, ReportFilters> list={again} columns={REPORT_COLUMNS} />, url)
    await waitFor(() => expect(again).toHaveBeenLastCalledWith({ page: 1, size: 10, name: '报告', status: 1, createTimeQuery: ['2026-03-01', '2026-03-05'] }))
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('报告')
  })

  it('清空 in the search form drops the filters the address brought', async () => {
    const list = reports(3)
    renderAt(<ListPage<Report, ReportFilters> list={list} columns={REPORT_COLUMNS} />, '/goods?name=报告&status=2')
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 20, name: '报告', status: 2 }))
    await user.click(button(document.querySelector('.ant-pro-query-filter') as HTMLElement, /^清\s*空$/))
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 20 }))
    await waitFor(() => expect(address()).toBe(''))
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('')
  })
})

describe('<ListPage> filter tags', () => {
  it('shows the filters in force as tags; closing one drops that filter, 清空 drops them all', async () => {
    const list = reports(3)
    renderAt(<ListPage<Report, ReportFilters> list={list} columns={REPORT_COLUMNS} searchCollapsed />, '/goods?name=报告&status=1&createTimeStr=2026-03-01~2026-03-05')
    await screen.findByText('报告1')
    const bar = await screen.findByTestId('filter-tags')
    expect(within(bar).getByText('状态: 检验中')).toBeTruthy()
    expect(within(bar).getByText('名称: 报告')).toBeTruthy()
    expect(within(bar).getByText('创建时间: 2026-03-01 ~ 2026-03-05')).toBeTruthy()

    await user.click(within(bar).getByLabelText('去掉筛选条件状态'))
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 20, name: '报告', createTimeQuery: ['2026-03-01', '2026-03-05'] }))
    await waitFor(() => expect(within(bar).queryByText('状态: 检验中')).toBeNull())
    await waitFor(() => expect(address()).toBe('?name=报告&createTimeStr=2026-03-01~2026-03-05'))

    await user.click(within(bar).getByText('清空'))
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, size: 20 }))
    await waitFor(() => expect(tags()).toBeNull())
    await waitFor(() => expect(address()).toBe(''))
  })
})

describe('<ListPage> above its table', () => {
  it('shows the screen’s own panel, and the filter tags under it', async () => {
    renderAt(<ListPage<Report, ReportFilters> list={reports(1)} columns={REPORT_COLUMNS} tableExtraRender={() => <div data-testid="chart">图表</div>} />, '/goods?status=1')
    await screen.findByTestId('chart')
    const bar = await screen.findByTestId('filter-tags')
    expect(within(bar).getByText('状态: 检验中')).toBeTruthy()
    expect(screen.getByTestId('chart').compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})

describe('<ListPage> when the list cannot be loaded', () => {
  it('says why in the table instead of an empty list, and 重试 loads it again', async () => {
    let down = true
    const list = vi.fn(async (q: Filters & PageRequest) => {
      if (down) throw new Error('服务器繁忙')
      return listOf(2)(q)
    })
    renderAt(<ListPage<Goods, Filters> list={list} columns={COLUMNS} noun="水泥" />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('加载失败：服务器繁忙')
    expect(screen.queryByText('暂无水泥')).toBeNull()

    down = false
    await user.click(button(alert, /^重\s*试$/))
    await screen.findByText('水泥2号')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('<ListPage> on a phone', () => {
  const desktop = window.innerWidth
  afterEach(() => { window.innerWidth = desktop })

  it('shows each row as a card of the columns’ titles and values, 操作 at the bottom, paging below', async () => {
    window.innerWidth = 390
    const list = reports(12)
    renderAt(<ListPage<Report, ReportFilters> list={list} columns={REPORT_COLUMNS} pageSize={5} />)
    const cards = await screen.findByTestId('list-cards')
    await within(cards).findByText('报告1')
    expect(rows()).toHaveLength(0)
    const first = within(cards).getByText('报告1').closest('.ant-card') as HTMLElement
    expect(within(first).getByText('名称')).toBeTruthy()
    expect(within(first).getByText('状态')).toBeTruthy()
    expect(within(first).getByText('已完成')).toBeTruthy()
    expect(within(first).getByText('2026-03-02 08:00:00')).toBeTruthy()
    expect(within(first.querySelector('.ant-card-actions') as HTMLElement).getByText('查看1')).toBeTruthy()
    expect(within(cards).getAllByText(/^查看\d+$/)).toHaveLength(5)

    await user.click(screen.getByTitle('3'))
    await within(cards).findByText('报告11')
    expect(list).toHaveBeenLastCalledWith({ page: 3, size: 5 })
    // the search form is still there
    expect(screen.getByLabelText('名称')).toBeTruthy()
  })
})

// @vitest-environment jsdom
/**
 * <ListPage> as a user sees it: the rows of its list call, paging, the search form, the variant without it,
 * an empty list, and the add/edit dialog of its useListPage.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { Modal } from 'antd'
import { describe, expect, it, vi } from 'vitest'
import type { ProColumns } from '@ant-design/pro-components'
import type { Page } from '@app/contract'
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

describe('<ListPage>', () => {
  it('shows the rows of its list call with the total, and asks for another page', async () => {
    const list = listOf(12)
    renderInApp(<ListPage<Goods, Filters> list={list} columns={COLUMNS} pageSize={5} />)
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
    renderInApp(<ListPage<Goods, Filters> list={list} columns={COLUMNS} />)
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
    const { rerender } = renderInApp(page(1))
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
    renderInApp(<ListPage<Goods, Filters> list={list} columns={COLUMNS} emptyText="没有对应的检验报告" />)
    await screen.findByText('没有对应的检验报告')
    expect(rows()).toHaveLength(0)
  })

  it('says 暂无 and the noun of what it lists when empty', async () => {
    renderInApp(<ListPage<Goods, Filters> list={listOf(0)} columns={COLUMNS} noun="水泥" />)
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
    renderInApp(<Screen />)
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

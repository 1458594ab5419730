/** The list kit's logic: list requests from ProTable params, the filters 导出 exports, the add/edit dialog, date ranges. */
import { describe, expect, it, vi } from 'vitest'
import type { Page } from '@app/contract'
import { createTimeColumn } from '../src/components/dateRange'
import { fitColumns, MIN_SHARE } from '../src/components/fitColumns'
import { listLoader } from '../src/components/listQuery'
import { readListUrl, searchFields, writeListUrl } from '../src/components/listUrl'
import { closedDialog, openDialog, setDialogOpen } from '../src/components/useListPage'

const page = <T>(data: T[], totalCount = data.length): Page<T> => ({ data, totalCount })

describe('listLoader', () => {
  it('asks the list call for the page and the non-blank filters, and answers what ProTable expects', async () => {
    const list = vi.fn(async () => page([{ id: 1 }], 41))
    const loader = listLoader()
    const result = await loader.load({ list }, { current: 3, pageSize: 10, name: ' 水泥 ', phone: '', _timestamp: 5 })
    expect(list).toHaveBeenCalledWith({ page: 3, size: 10, name: '水泥' })
    expect(result).toEqual({ data: [{ id: 1 }], total: 41, success: true })
  })

  it('starts on page 1 of the screen’s page size (20 unless it says otherwise)', async () => {
    const list = vi.fn(async () => page([]))
    await listLoader().load({ list }, {})
    await listLoader().load({ list, pageSize: 50 }, {})
    expect(list.mock.calls).toEqual([[{ page: 1, size: 20 }], [{ page: 1, size: 50 }]])
  })

  it('remembers the filters of the last load, without the paging: what 导出 exports', async () => {
    const loader = listLoader<{ name?: string; type?: number }>()
    expect(loader.lastFilters()).toEqual({})
    const list = async () => page([])
    await loader.load({ list }, { current: 2, pageSize: 20, name: '西湖', type: 2 })
    expect(loader.lastFilters()).toEqual({ name: '西湖', type: 2 })
    await loader.load({ list }, { current: 1, pageSize: 20, name: '' })
    expect(loader.lastFilters()).toEqual({})
  })

  it('shapes the filters with the screen’s own function when it has one', async () => {
    const list = vi.fn(async () => page([]))
    const loader = listLoader<{ level?: number }>()
    await loader.load({ list, filters: (v) => ({ level: Number(v.level) }) }, { current: 1, pageSize: 20, level: '1', other: 'x' })
    expect(list).toHaveBeenCalledWith({ page: 1, size: 20, level: 1 })
    expect(loader.lastFilters()).toEqual({ level: 1 })
  })

  it('answers an empty failed result when the call fails (the request client showed the error)', async () => {
    const result = await listLoader().load({ list: () => Promise.reject(new Error('网络错误')) }, { current: 1 })
    expect(result).toEqual({ data: [], total: 0, success: false })
  })

  it('says how the latest load ended, and nothing of an older one answering late', async () => {
    const loader = listLoader()
    const heard: unknown[] = []
    let answerOld!: () => void
    const old = loader.load({ list: () => new Promise<Page<never>>((_, reject) => { answerOld = () => reject(new Error('旧的')) }) }, {}, (e) => heard.push(e))
    const failed = new Error('网络错误')
    await loader.load({ list: () => Promise.reject(failed) }, {}, (e) => heard.push(e))
    answerOld()
    await old
    await loader.load({ list: async () => page([]) }, {}, (e) => heard.push(e))
    expect(heard).toEqual([failed, null])
  })
})

describe('the add/edit dialog', () => {
  it('opens empty for 新增 and with the row for 编辑, a fresh form (new key) each time', () => {
    const row = { id: 7, name: '日志' }
    const added = openDialog(closedDialog, null)
    expect(added).toEqual({ open: true, editing: null, key: 1 })
    const closed = setDialogOpen(added, false)
    expect(closed).toEqual({ open: false, editing: null, key: 1 })
    const edited = openDialog(closed, row)
    expect(edited).toEqual({ open: true, editing: row, key: 2 })
    // closing keeps the row on screen while the dialog fades out
    expect(setDialogOpen(edited, false)).toEqual({ open: false, editing: row, key: 2 })
  })
})

describe('the created-time column', () => {
  it('shows the row’s time and searches by two days, earliest first', () => {
    const column = createTimeColumn<{ createTimeStr: string }>('创建时间', 170)
    expect(column).toMatchObject({ title: '创建时间', dataIndex: 'createTimeStr', valueType: 'dateRange', width: 170 })
    const transform = (column.search as { transform: (v: unknown) => unknown }).transform
    expect(transform(['2026-03-05', '2026-03-01'])).toEqual({ createTimeQuery: ['2026-03-01', '2026-03-05'] })
    expect(transform(undefined)).toEqual({ createTimeQuery: undefined })
  })
})

describe('a list in the address', () => {
  const fields = searchFields([
    { title: '名称', dataIndex: 'name' },
    { title: '状态', dataIndex: 'status', valueType: 'select', fieldProps: { options: [{ value: 1, label: '检验中' }] } },
    { title: '基地', dataIndex: 'companyName', valueType: 'select', fieldProps: { options: [] } },
    { title: '类型', dataIndex: 'type', valueType: 'select', valueEnum: { 1: { text: '发货单' } } },
    createTimeColumn('创建时间', 170),
    { title: '内容', dataIndex: 'content', hideInSearch: true },
    { title: '操作', valueType: 'option', key: 'op' },
  ])

  it('reads each filter as its input holds it: choices by their value, numbers while choices load, days as dates', () => {
    const state = readListUrl(new URLSearchParams('name=水泥&status=1&companyName=7&type=1&createTimeStr=2026-03-01~2026-03-05&page=3&size=50&content=x'), fields)
    expect(fields.map((f) => f.name)).toEqual(['name', 'status', 'companyName', 'type', 'createTimeStr'])
    expect(state).toMatchObject({ current: 3, pageSize: 50, values: { name: '水泥', status: 1, companyName: 7, type: '1' } })
    expect((state.values.createTimeStr as { format: (f: string) => string }[]).map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-03-01', '2026-03-05'])
    expect(readListUrl(new URLSearchParams('createTimeStr=soon&page=-1&size=x'), fields)).toEqual({ values: {}, current: undefined, pageSize: undefined })
  })

  it('writes the filters, page and size (not page 1 or the default size), keeping the other parameters', () => {
    const next = writeListUrl(new URLSearchParams('id=9&status=2&page=4'), fields, { values: { name: ' 水泥 ', status: undefined, type: '' }, current: 1, pageSize: 20 }, 20)
    expect(next.toString()).toBe(new URLSearchParams('id=9&name=水泥').toString())
    expect(writeListUrl(new URLSearchParams(), fields, { values: { status: 1 }, current: 2, pageSize: 50 }, 20).toString()).toBe('status=1&page=2&size=50')
  })
})

describe('columns beside the fixed 操作 column', () => {
  const columns = [
    { title: '名称', dataIndex: 'name', width: 300 },
    { title: '状态', dataIndex: 'status', width: 300, render: () => null },
    { title: '备注', dataIndex: 'note', hideInTable: true, width: 500 },
    { title: '操作', valueType: 'option' as const, width: 200, fixed: 'right' as const },
  ]

  it('keep their widths where the table has room', () => {
    expect(fitColumns(columns, 1200, 1000)).toEqual({ columns, x: 1000 })
    expect(fitColumns(columns, undefined, 1000)).toEqual({ columns, x: 1000 })
  })

  it('narrow alike to fit the room, plain text cut with …', () => {
    const { columns: fitted, x } = fitColumns(columns, 700, 1000)
    expect(fitted.map((c) => c.width)).toEqual([250, 250, 500, 200])
    expect(fitted.map((c) => c.ellipsis)).toEqual([true, undefined, undefined, undefined])
    expect(x).toBe(700)
  })

  it('narrow no more than MIN_SHARE, and the table scrolls beyond that', () => {
    const { columns: fitted, x } = fitColumns(columns, 400, 1000)
    expect(fitted[0]!.width).toBe(300 * MIN_SHARE)
    expect(x).toBe(200 + 2 * 300 * MIN_SHARE)
  })

  it('keep the width of a value the user copies whole', () => {
    const withNumber = [{ title: '当票号', dataIndex: 'no', width: 300, copyable: true }, ...columns]
    const { columns: fitted } = fitColumns(withNumber, 800, 1300)
    expect(fitted[0]!.width).toBe(300)
    expect(fitted[1]!.width).toBeLessThan(300)
  })

  it('keep the width of a cell that may not be cut (a masked phone and its eye)', () => {
    const withPhone = [{ title: '电话', dataIndex: 'phone', width: 130, ellipsis: false }, ...columns]
    const { columns: fitted } = fitColumns(withPhone, 700, 1130)
    expect(fitted[0]!.width).toBe(130)
    expect(fitted[1]!.width).toBeLessThan(300)
  })

  it('leave out the columns the list hides until 列设置 shows them', () => {
    const wide = [...columns.slice(0, 3), { title: '电话', dataIndex: 'phone', width: 400 }, columns[3]!]
    // without the list's default hiding, 电话 would make them narrow and the table scroll
    expect(fitColumns(wide, 800, 800).x).toBeGreaterThan(800)
    expect(fitColumns(wide, 800, 800, { phone: { show: false } })).toEqual({ columns: wide, x: 800 })
  })
})

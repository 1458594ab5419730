/** The list kit's logic: list requests from ProTable params, the filters 导出 exports, the add/edit dialog, date ranges. */
import { describe, expect, it, vi } from 'vitest'
import type { Page } from '@app/contract'
import { createTimeColumn } from '../src/components/dateRange'
import { listLoader } from '../src/components/listQuery'
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

/** The add/edit dialog of a list screen (components/editDialog). */
import { beforeEach, describe, expect, it, vi } from 'vitest'

const success = vi.fn()
vi.mock('antd', () => ({ message: { success: (...a: unknown[]) => success(...a) } }))

const { editDialog } = await import('../src/components/editDialog')

const row = { id: 7, name: '旧名称' }
const setup = (editing: typeof row | null) => {
  const calls = { create: vi.fn(async (_v: { name: string }) => 'created'), update: vi.fn(async (_r: typeof row, _v: { name: string }) => 'updated'), saved: vi.fn() }
  const props = editDialog({ open: true, editing, onOpenChange: () => undefined, onSaved: calls.saved }, { noun: '日志', labelWidth: 80, create: calls.create, update: calls.update })
  return { props, calls }
}

describe('editDialog', () => {
  beforeEach(() => success.mockClear())

  it('adds a new row: titled 新增日志, saved with create, 创建成功, the list reloaded', async () => {
    const { props, calls } = setup(null)
    expect(props.title).toBe('新增日志')
    await expect(props.onFinish({ name: '磅房断网' })).resolves.toBe(true)
    expect(calls.create).toHaveBeenCalledWith({ name: '磅房断网' })
    expect(calls.update).not.toHaveBeenCalled()
    expect(success).toHaveBeenCalledWith('创建成功')
    expect(calls.saved).toHaveBeenCalledOnce()
  })

  it('edits a row: titled 编辑日志, saved with update of that row, 更新成功', async () => {
    const { props, calls } = setup(row)
    expect(props.title).toBe('编辑日志')
    await expect(props.onFinish({ name: '新名称' })).resolves.toBe(true)
    expect(calls.update).toHaveBeenCalledWith(row, { name: '新名称' })
    expect(calls.create).not.toHaveBeenCalled()
    expect(success).toHaveBeenCalledWith('更新成功')
  })

  it('stays open without a toast when the save fails (the request client showed why)', async () => {
    const { props, calls } = setup(row)
    calls.update.mockRejectedValueOnce(new Error('日志不存在'))
    await expect(props.onFinish({ name: 'x' })).resolves.toBe(false)
    expect(success).not.toHaveBeenCalled()
    expect(calls.saved).not.toHaveBeenCalled()
  })

  it('lays the form out like every dialog, labels 80px wide', () => {
    expect(setup(null).props).toMatchObject({ layout: 'horizontal', labelCol: { flex: '80px' }, modalProps: { maskClosable: false } })
  })
})

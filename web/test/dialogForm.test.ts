import { beforeEach, describe, expect, it, vi } from 'vitest'

const success = vi.fn()
vi.mock('antd', () => ({ message: { success: (...a: unknown[]) => success(...a) } }))

const { dialogFormProps, submitDialog } = await import('../src/components/dialogForm')

describe('dialogFormProps', () => {
  it('gives the common ModalForm setup with the label width', () => {
    expect(dialogFormProps(110)).toEqual({
      layout: 'horizontal',
      labelCol: { flex: '110px' },
      wrapperCol: { flex: 'auto' },
      modalProps: { destroyOnHidden: true, maskClosable: false },
      submitter: { searchConfig: { submitText: '确定', resetText: '取消' } },
    })
  })
})

describe('submitDialog', () => {
  beforeEach(() => success.mockClear())

  it('on success shows the message, calls onSaved and answers true', async () => {
    const onSaved = vi.fn()
    await expect(submitDialog(() => Promise.resolve(1), '新增成功', onSaved)).resolves.toBe(true)
    expect(success).toHaveBeenCalledWith('新增成功')
    expect(onSaved).toHaveBeenCalledOnce()
  })

  it('can make the message from what save answered', async () => {
    await expect(submitDialog(() => Promise.resolve({ message: '充值成功' }), (r) => r.message)).resolves.toBe(true)
    expect(success).toHaveBeenCalledWith('充值成功')
  })

  it('on failure answers false without a toast or onSaved (the request client showed the error)', async () => {
    const onSaved = vi.fn()
    await expect(submitDialog(() => Promise.reject(new Error('x')), '新增成功', onSaved)).resolves.toBe(false)
    expect(success).not.toHaveBeenCalled()
    expect(onSaved).not.toHaveBeenCalled()
  })
})

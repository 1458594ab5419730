import { beforeEach, describe, expect, it, vi } from 'vitest'

const success = vi.fn()
vi.mock('antd', () => ({ message: { success: (...a: unknown[]) => success(...a) } }))

const { dialogFormProps, submitDialog } = await import('../src/components/dialogForm')

describe('dialogFormProps', () => {
  it('puts labels of the asked width beside their inputs', () => {
    expect(dialogFormProps(110)).toMatchObject({ layout: 'horizontal', labelCol: { flex: '110px' } })
    expect(dialogFormProps(80).labelCol).toEqual({ flex: '80px' })
  })

  it('keeps the dialog open on a click beside it, starts it afresh each time and names its buttons 确定 and 取消', () => {
    expect(dialogFormProps(100)).toMatchObject({
      modalProps: { maskClosable: false, destroyOnHidden: true },
      submitter: { searchConfig: { submitText: '确定', resetText: '取消' } },
    })
  })

  it('lets one dialog change its modal props without changing the next one\'s', () => {
    const first = dialogFormProps(100)
    Object.assign(first.modalProps, { maskClosable: true })
    expect(dialogFormProps(100).modalProps.maskClosable).toBe(false)
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

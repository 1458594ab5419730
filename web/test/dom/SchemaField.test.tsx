// @vitest-environment jsdom
/**
 * A text field built from the contract's schema of it (SchemaText, SchemaTextArea): the label, the
 * required mark when the server requires it, the schema's max length on the input, and the server's
 * Chinese message when a value would be refused, so a form copies none of them.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ProForm } from '@ant-design/pro-components'
import { companySaveBody } from '@app/contract'
import { SchemaText, SchemaTextArea } from '../../src/components/SchemaField'
import { button, renderInApp, user } from './ui'

const fields = companySaveBody.shape

function renderForm(onFinish = vi.fn(async () => true)) {
  renderInApp(
    <ProForm onFinish={onFinish} submitter={{ searchConfig: { submitText: '确定' }, resetButtonProps: false }}>
      <SchemaText name="name" label="基地名称" schema={fields.name} />
      <SchemaTextArea name="address" label="地址" schema={fields.address} />
    </ProForm>,
  )
  return onFinish
}

const item = (label: string) => screen.getByText(label).closest<HTMLElement>('.ant-form-item')!
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const submit = () => user.click(button(document.body, /^确\s*定$/))

describe('<SchemaText> and <SchemaTextArea>', () => {
  it('show the label, the required mark only where the schema requires a value, and stop at the schema’s length', () => {
    renderForm()
    expect(item('基地名称').querySelector('.ant-form-item-required')).not.toBeNull()
    expect(item('地址').querySelector('.ant-form-item-required')).toBeNull()
    expect(input('基地名称').maxLength).toBe(100)
    expect(input('地址').maxLength).toBe(200)
  })

  it('refuse an empty or blank required value and an overlong one with the server’s Chinese messages', async () => {
    const onFinish = renderForm()
    await submit()
    await screen.findByText('基地的名称不能为空')

    fireEvent.change(input('基地名称'), { target: { value: '江宁' } })
    await waitFor(() => expect(screen.queryByText('基地的名称不能为空')).toBeNull())
    fireEvent.change(input('基地名称'), { target: { value: '   ' } })
    await screen.findByText('基地的名称不能为空')
    // pasted past the input's limit (a browser's maxlength does not stop a script)
    fireEvent.change(input('基地名称'), { target: { value: '基'.repeat(101) } })
    await screen.findByText('基地的名称不能超过100个字符')
    fireEvent.change(input('地址'), { target: { value: '路'.repeat(201) } })
    await screen.findByText('地址不能超过200个字符')
    await submit()
    expect(onFinish).not.toHaveBeenCalled()
  })

  it('let a valid value through, the optional one left empty', async () => {
    const onFinish = renderForm()
    fireEvent.change(input('基地名称'), { target: { value: '南京江宁基地' } })
    await submit()
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: '南京江宁基地' }))
    expect(document.querySelector('.ant-form-item-explain-error')).toBeNull()
  })
})

// @vitest-environment jsdom
/**
 * 所在乡镇 (TownCascader): a device's town is picked province → city → district → town, or found by part
 * of its name, and the form gets the town's 9-digit code; a saved code shows as its path of names.
 */
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ProForm } from '@ant-design/pro-components'
import TownCascader, { townPath } from '../../src/components/TownCascader'
import { button, renderInApp, user } from './ui'

function renderForm(initial: { townCode?: string | null }, onFinish = vi.fn(async (_values: { townCode?: string | null }) => true)) {
  renderInApp(
    <ProForm initialValues={initial} onFinish={onFinish} submitter={{ searchConfig: { submitText: '确定' }, resetButtonProps: false }}>
      <ProForm.Item name="townCode" label="所在乡镇"><TownCascader /></ProForm.Item>
    </ProForm>,
  )
  return onFinish
}

describe('所在乡镇', () => {
  it('a saved town code shows as its province, city, district and town', async () => {
    renderForm({ townCode: '110101001' })
    await waitFor(() => expect(document.body.textContent).toContain('北京市 / 市辖区 / 东城区 / 东华门街道'))
  })

  it('typing part of a town name finds it, and the form gets its 9-digit code', async () => {
    const onFinish = renderForm({})
    const input = screen.getByRole('combobox')
    await user.click(input)
    await user.type(input, '东华门')
    const option = await screen.findByText((_, el) => el?.classList.contains('ant-cascader-menu-item-content') === true && /东华门街道/.test(el.textContent ?? ''), undefined, { timeout: 10_000 })
    await user.click(option)
    await user.click(button(document.body, /确\s*定/))
    await waitFor(() => expect(onFinish).toHaveBeenCalled())
    expect(onFinish.mock.calls[0]![0]).toEqual({ townCode: '110101001' })
  })

  it('words of the district and the town find it together', async () => {
    const onFinish = renderForm({})
    const input = screen.getByRole('combobox')
    await user.click(input)
    await user.type(input, '玄武 梅园')
    const option = await screen.findByText((_, el) => el?.classList.contains('ant-cascader-menu-item-content') === true && /梅园新村街道/.test(el.textContent ?? ''), undefined, { timeout: 10_000 })
    await user.click(option)
    await user.click(button(document.body, /确\s*定/))
    await waitFor(() => expect(onFinish).toHaveBeenCalled())
    expect(onFinish.mock.calls[0]![0]).toEqual({ townCode: '320102002' })
  })

  it('a code names the levels above it', () => {
    expect(townPath('330106004')).toEqual(['33', '3301', '330106', '330106004'])
    expect(townPath('')).toBeUndefined()
    expect(townPath('3301')).toBeUndefined()
  })
})

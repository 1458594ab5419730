// @vitest-environment jsdom
/**
 * Masked phones on screen: the eye beside a masked value asks for the whole one only when clicked, and
 * only for a role allowed; 编辑登记 starts with the phone empty (the masked one as its placeholder) and,
 * left so, saves without a phone, so the server keeps the stored number.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { REPORT_STATUS, type Report } from '@app/contract'
import Revealable from '../../src/components/Revealable'
import RegisterForm from '../../src/pages/reports/RegisterForm'
import { button, renderInApp, user } from './ui'

afterEach(() => vi.unstubAllGlobals())

describe('Revealable', () => {
  it('shows the mask, and the whole value only after the eye is clicked; the eye hides it again', async () => {
    const reveal = vi.fn(async () => ({ value: '13912345678' }))
    renderInApp(<Revealable field="phone" masked="139****5678" allowed reveal={reveal} />)
    expect(screen.getByText('139****5678')).toBeTruthy()
    expect(reveal).not.toHaveBeenCalled()
    await user.click(screen.getByLabelText('查看完整手机号'))
    await screen.findByText('13912345678')
    expect(reveal).toHaveBeenCalledTimes(1)
    // antd's button takes clicks again once its loading look has gone
    const hide = screen.getByLabelText('隐藏手机号')
    await waitFor(() => expect(hide.className).not.toContain('ant-btn-loading'))
    await user.click(hide)
    await screen.findByText('139****5678')
  })

  it('has no eye for a role not allowed', () => {
    renderInApp(<Revealable field="phone" masked="139****5678" allowed={false} reveal={vi.fn()} />)
    expect(screen.getByText('139****5678')).toBeTruthy()
    expect(screen.queryByLabelText('查看完整手机号')).toBeNull()
  })
})

const REPORT = {
  id: 5, reportNumber: 'JC20261128000005', companyId: 7, companyName: '测试基地', licenseNumber: '苏A12345', tankerType: '常压车辆',
  tankerNumber: null, org: '测试运输', contactName: '韩师傅', phone: '139****0001', latestMaterial: '柴油', outdate: '2030-01-01',
  images: [], status: REPORT_STATUS.registered, receptionId: null,
} as Partial<Report> as Report

describe('编辑登记', () => {
  it('leaves the masked phone out of the form and of what it saves, unless retyped', async () => {
    const sent = vi.fn()
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      sent(JSON.parse(String(init.body)))
      return new Response(JSON.stringify({ code: 200, message: '', data: REPORT }), { status: 200, headers: { 'Content-Type': 'application/json' } })
    }))
    const saved = vi.fn()
    renderInApp(
      <QueryClientProvider client={new QueryClient()}>
        <RegisterForm open onOpenChange={() => {}} onSaved={saved} report={REPORT} companies={[]} />
      </QueryClientProvider>,
    )
    const phone = await screen.findByLabelText('驾驶员电话') as HTMLInputElement
    expect(phone.value).toBe('')
    expect(phone.placeholder).toBe('139****0001（不修改请留空）')
    await user.click(button(document.body, /^确\s*定$/))
    await waitFor(() => expect(saved).toHaveBeenCalled())
    expect(sent).toHaveBeenCalledTimes(1)
    expect(sent.mock.calls[0]![0]).toMatchObject({ id: 5, contactName: '韩师傅', org: '测试运输' })
    expect(sent.mock.calls[0]![0]).not.toHaveProperty('phone')

    await user.type(phone, '1391234')
    await user.click(button(document.body, /^确\s*定$/))
    await screen.findByText('驾驶员电话格式不正确，请输入正确的11位手机号')
    await user.type(phone, '5678')
    await user.click(button(document.body, /^确\s*定$/))
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(2))
    expect(sent.mock.calls[1]![0]).toMatchObject({ id: 5, phone: '13912345678' })
  })
})

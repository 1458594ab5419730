// @vitest-environment jsdom
/**
 * 检验登记's list as a base opens it: 状态 and 检验结果 right after the plate, the rarely read columns
 * hidden until 列设置 shows them (still listed there), and the remembered 状态 first in the folded search form.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { REPORT_STATUS, type Report, type UserInfo } from '@app/contract'
import ReportsPage from '../../src/pages/reports'
import { SESSION_KEYS } from '../../src/pages/reports/reportValues'
import { renderInApp, user } from './ui'

vi.mock('../../src/app/session', () => ({
  useUserInfo: (): Partial<UserInfo> => ({ id: 1, companyId: 7, companyName: '测试基地', nickName: 'base admin', name: '主账号' }),
}))

const REPORT = {
  id: 1, reportNumber: 'JC20261128000001', companyId: 7, companyName: '测试基地', center: null, licenseNumber: '苏A12345',
  tankerType: '常压车辆', tankerNumber: 'GT-01', org: '测试运输', contactName: '韩师傅', phone: '139****0001', latestMaterial: '柴油',
  outdate: '2030-01-01', images: [], status: REPORT_STATUS.signed, statusName: '已签发', isOut: false, typeName: '过程检验', result: '合格',
  inspectorName: '吕检验', stationName: '一号工位', expiry: null, nextInspectionDate: '2027-11-28', createTimeStr: '2026-11-28 08:00:00',
} as Partial<Report> as Report

const asked = vi.fn()
const answer = (data: unknown) => new Response(JSON.stringify({ code: 200, message: '', data }), { status: 200, headers: { 'Content-Type': 'application/json' } })
afterEach(() => {
  vi.unstubAllGlobals()
  asked.mockClear()
  sessionStorage.clear()
  localStorage.clear()
})

function renderPage() {
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://x').pathname
    if (path === '/api/report/find') {
      asked(JSON.parse(String(init.body)))
      return answer({ data: [REPORT], totalCount: 1 })
    }
    return answer([])
  }))
  return renderInApp(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter><ReportsPage /></MemoryRouter>
    </QueryClientProvider>,
  )
}
const headers = () => Array.from(document.querySelectorAll('.ant-table-thead th')).map((th) => th.textContent?.trim()).filter(Boolean)

describe('检验登记 list', () => {
  it('shows 状态 and 检验结果 right after the plate, and hides the rarely read columns', async () => {
    renderPage()
    await screen.findByText('苏A12345')
    expect(headers()).toEqual(['报告编号', '车牌号', '状态', '检验结果', '单位', '驾驶员', '到期提醒', '登记时间', '操作'])
    expect(screen.getByText('已签发')).toBeTruthy()
    expect(screen.getByText('合格')).toBeTruthy()
    expect(screen.queryByText('139****0001')).toBeNull()
  })

  it('lists the hidden columns in 列设置, where one click shows 电话', async () => {
    renderPage()
    await screen.findByText('苏A12345')
    await user.click(screen.getByLabelText('setting'))
    const settings = await waitFor(() => document.querySelector('.ant-pro-table-column-setting-overlay') as HTMLElement)
    // the first of them (the list scrolls, and jsdom draws only its first rows)
    for (const title of ['车辆类型', '罐体编号', '电话', '最近装载介质', '有效期', '检验类型']) expect(settings.textContent).toContain(title)
    await user.click(Array.from(settings.querySelectorAll('.ant-tree-title')).find((t) => t.textContent === '电话')!)
    await screen.findByText('139****0001')
    expect(headers()).toContain('电话')
  })

  it('puts the remembered 状态 first in the search form and lists by it', async () => {
    sessionStorage.setItem(SESSION_KEYS.status, String(REPORT_STATUS.signed))
    renderPage()
    await screen.findByText('苏A12345')
    const labels = Array.from(document.querySelectorAll('.ant-pro-query-filter .ant-form-item-label label')).map((l) => l.textContent)
    expect(labels[0]).toBe('状态')
    const first = document.querySelector('.ant-pro-query-filter .ant-form-item') as HTMLElement
    expect(first.querySelector('.ant-select-selection-item')?.textContent).toBe('已签发')
    expect(asked).toHaveBeenLastCalledWith(expect.objectContaining({ status: REPORT_STATUS.signed }))
  })
})

// @vitest-environment jsdom
/**
 * The date presets every range picker offers (今天, 昨天, 本周, 本月, 上月) and their ranges as of a
 * fixed day; the filter's picker shows them; the statement's period starts at last month.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { describe, expect, it, vi } from 'vitest'
import { DATE_PRESETS, lastMonth, presetRanges } from '../../src/components/dateRange'
import DateRangePicker from '../../src/pages/transports/DateRangePicker'
import ExportSumModal from '../../src/pages/transports/toolbar/ExportSumModal'
import { button, renderInApp } from './ui'

vi.mock('../../src/api/transports', () => ({ findSuggestions: async () => ({ deliveryCustomers: [], deliveryCarriers: [] }) }))

const days = (r: [dayjs.Dayjs, dayjs.Dayjs]) => r.map((d) => d.format('YYYY-MM-DD'))

describe('date presets', () => {
  it('lists 今天, 昨天, 本周, 本月, 上月 with their ranges as of a Wednesday', () => {
    const today = dayjs('2026-03-04 15:30')
    expect(presetRanges(today).map((p) => [p.label, days(p.range)])).toEqual([
      ['今天', ['2026-03-04', '2026-03-04']],
      ['昨天', ['2026-03-03', '2026-03-03']],
      ['本周', ['2026-03-02', '2026-03-08']],
      ['本月', ['2026-03-01', '2026-03-31']],
      ['上月', ['2026-02-01', '2026-02-28']],
    ])
    expect(DATE_PRESETS.map((p) => p.label)).toEqual(['今天', '昨天', '本周', '本月', '上月'])
  })

  it('starts the week on Monday on a Sunday, and last month crosses the year in January', () => {
    expect(days(presetRanges(dayjs('2026-03-08')).find((p) => p.label === '本周')!.range)).toEqual(['2026-03-02', '2026-03-08'])
    expect(days(lastMonth(dayjs('2026-01-15')))).toEqual(['2025-12-01', '2025-12-31'])
  })

  it('works each range out when it is picked, not when the page loaded', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-05-20T10:00:00'))
    const today = DATE_PRESETS[0]!.value as () => [dayjs.Dayjs, dayjs.Dayjs]
    expect(days(today())).toEqual(['2026-05-20', '2026-05-20'])
    vi.setSystemTime(new Date('2026-05-21T10:00:00'))
    expect(days(today())).toEqual(['2026-05-21', '2026-05-21'])
    vi.useRealTimers()
  })

  it('are offered by the filter\'s range picker', async () => {
    renderInApp(<DateRangePicker open />)
    for (const label of ['今天', '昨天', '本周', '本月', '上月']) expect(await screen.findByText(label)).toBeTruthy()
  })
})

describe('导出对账单', () => {
  const open = (range?: (string | null)[]) => renderInApp(
    <QueryClientProvider client={new QueryClient()}>
      <ExportSumModal open range={range} onExport={async () => {}} onClose={() => {}} />
    </QueryClientProvider>,
  )
  const inputs = () => [...document.querySelectorAll<HTMLInputElement>('.ant-modal .ant-picker-range input')].map((i) => i.value)

  it('asks for one period, last month unless the grid is filtered by delivery dates', async () => {
    open()
    await screen.findByText('对账期间')
    expect(screen.queryByText('开始日期')).toBeNull()
    await waitFor(() => expect(inputs()).toEqual(days(lastMonth())))
  })

  it('starts from the grid\'s delivery dates when it has them', async () => {
    open(['2026-04-03', '2026-04-09'])
    await waitFor(() => expect(inputs()).toEqual(['2026-04-03', '2026-04-09']))
  })

  it('warns about a missing period before the units', async () => {
    open()
    await waitFor(() => expect(inputs()[0]).not.toBe(''))
    fireEvent.mouseDown(document.querySelector('.ant-modal .ant-picker-clear')!)
    fireEvent.mouseUp(document.querySelector('.ant-modal .ant-picker-clear')!)
    fireEvent.click(document.querySelector('.ant-modal .ant-picker-clear')!)
    await waitFor(() => expect(inputs()).toEqual(['', '']))
    fireEvent.click(button(document.querySelector<HTMLElement>('.ant-modal-footer')!, /^导\s*出$/))
    expect(await screen.findByText('请选择开始日期')).toBeTruthy()
  })
})

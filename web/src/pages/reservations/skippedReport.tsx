/** The report of what a batch or 复制上周 skipped: the slots that had a plan already (the toast gives the counts). */
import { App } from 'antd'
import type { PlanBatchResult } from '@app/contract'

export function useSkippedReport() {
  const { notification } = App.useApp()
  return (r: PlanBatchResult) => {
    if (!r.existing.length) return
    const shown = r.existing.slice(0, 8).map((s) => `${s.reserveTime} ${s.reservePeriod} ${s.tankerType}`)
    notification.info({
      message: `已存在的 ${r.existing.length} 个预约时段已跳过（名额未改）`,
      description: <div>{shown.map((t) => <div key={t}>{t}</div>)}{r.existing.length > shown.length && <div>等 {r.existing.length} 个</div>}</div>,
      duration: 8,
    })
  }
}


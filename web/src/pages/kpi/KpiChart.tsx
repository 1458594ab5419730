/** One ECharts chart of 检验统计 (tree-shaken core); the page loads this module lazily, so ECharts comes with the charts only. */
import ReactEChartsCore from 'echarts-for-react/lib/core'
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import type { KpiChartOption } from './kpiValues'

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

export interface KpiChartProps {
  option: KpiChartOption
  height: number
  /** a bar clicked: its series id and index */
  onBarClick?: (click: { seriesId?: string; dataIndex?: number }) => void
  testId?: string
}

export default function KpiChart({ option, height, onBarClick, testId }: KpiChartProps) {
  return (
    <div data-testid={testId}>
      <ReactEChartsCore
        echarts={echarts} option={option} notMerge style={{ height }}
        onEvents={onBarClick ? { click: (p: { seriesId?: string; dataIndex?: number }) => onBarClick({ seriesId: p.seriesId, dataIndex: p.dataIndex }) } : undefined}
      />
    </div>
  )
}

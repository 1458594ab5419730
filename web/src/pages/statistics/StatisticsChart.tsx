/** One ECharts chart of 数据统计 (tree-shaken core); the page loads this module lazily, so ECharts comes with the charts only. */
import ReactEChartsCore from 'echarts-for-react/lib/core'
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import type { StatisticsChartOption } from './statisticsValues'

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

export interface StatisticsChartProps {
  option: StatisticsChartOption
  height: number
  onClick?: (click: { seriesId?: string; dataIndex?: number }) => void
  testId?: string
}

export default function StatisticsChart({ option, height, onClick, testId }: StatisticsChartProps) {
  return (
    <div data-testid={testId}>
      <ReactEChartsCore
        echarts={echarts} option={option} notMerge style={{ height }}
        onEvents={onClick ? { click: (p: { seriesId?: string; dataIndex?: number }) => onClick({ seriesId: p.seriesId, dataIndex: p.dataIndex }) } : undefined}
      />
    </div>
  )
}

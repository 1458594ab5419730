/** One ECharts chart of a big screen (tree-shaken core); loaded lazily, so ECharts comes with the charts only. */
import ReactEChartsCore from 'echarts-for-react/lib/core'
import { BarChart, PieChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import type { ScreenChartOption } from './screenValues'

echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

export default function ScreenChart({ option, height }: { option: ScreenChartOption; height: number }) {
  return <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate style={{ height, width: '100%' }} />
}

/** The usage chart with the range's totals above it; ECharts is loaded with this page only (tree-shaken core). */
import { Card, Col, Empty, Row, Spin, Statistic } from 'antd'
import ReactEChartsCore from 'echarts-for-react/lib/core'
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { USAGE_FIGURES, type UsageChart } from '@app/contract'
import { failureRate, usageChartOption } from './usageValues'

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

export default function UsageChartPanel({ chart, loading }: { chart: UsageChart | null; loading: boolean }) {
  const t = chart?.totals
  return (
    <Card size="small" style={{ marginBottom: 16 }} title={chart ? `统计时间 ${chart.from} 至 ${chart.to}` : '统计图'}>
      <Spin spinning={loading}>
        {chart && t ? (
          <>
            <Row gutter={16} style={{ marginBottom: 8 }} data-testid="usage-totals">
              <Col span={5}><Statistic title={USAGE_FIGURES.useTimes} value={t.useTimes} /></Col>
              <Col span={5}><Statistic title={`${USAGE_FIGURES.uploadErrors}（失败率）`} value={t.uploadErrors} suffix={<small>（{failureRate(t.useTimes, t.uploadErrors)}）</small>} /></Col>
              <Col span={4}><Statistic title={USAGE_FIGURES.poundErrors} value={t.poundErrors} valueStyle={t.poundErrors ? { color: '#cf1322' } : undefined} /></Col>
              <Col span={5}><Statistic title={USAGE_FIGURES.deliveryWeight} value={t.deliveryWeight} precision={2} /></Col>
              <Col span={5}><Statistic title={USAGE_FIGURES.signWeight} value={t.signWeight} precision={2} /></Col>
            </Row>
            <ReactEChartsCore echarts={echarts} option={usageChartOption(chart)} notMerge style={{ height: 300 }} />
          </>
        ) : (
          <Empty description="暂无统计数据" style={{ height: 300, paddingTop: 100 }} />
        )}
      </Spin>
    </Card>
  )
}

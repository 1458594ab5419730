/**
 * 检验统计 (menu component key 'kpi'; issue 12 KPI): for a date range (the last 30 days unless chosen),
 * a base (headquarters) and a period length, the totals, reports per period, per lead inspector and per
 * base, pass rate and inspection time; with kpi_detail the mean time per step, and a click on a figure,
 * bar or row lists the reports behind it (with export). What each figure counts: contract/src/kpi.ts.
 */
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react'
import dayjs from 'dayjs'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Card, Col, DatePicker, Empty, Form, Row, Segmented, Select, Space, Spin, Statistic, Tabs, Tag, Typography } from 'antd'
import { CloseOutlined } from '@ant-design/icons'
import type { ProColumns } from '@ant-design/pro-components'
import {
  HQ_COMPANY_ID, KPI_FIGURES, KPI_GRANULARITIES, KPI_GRANULARITY_NAMES, kpiRange, REPORT_RESULTS,
  type KpiBase, type KpiDetailFilters, type KpiFigure, type KpiFigures, type KpiFilters, type KpiInspector, type KpiReport, type KpiStepTemplate, type KpiSummary,
} from '@app/contract'
import * as kpiApi from '../../api/kpi'
import { useUserInfo } from '../../app/session'
import { companyChoices, useCompanyOptions } from '../../components/companies'
import { DATE_RANGE_PROPS } from '../../components/dateRange'
import ListPage from '../../components/ListPage'
import { detailFilters, drillFromChart, inspectorChartOption, kpiFilters, minutesText, periodChartOption, rateText, stepChartOption, type Drill } from './kpiValues'
import ShortTable from '../../components/ShortTable'

const KpiChart = lazy(() => import('./KpiChart'))
const chartFallback = (height: number) => <div style={{ height, display: 'grid', placeItems: 'center' }}><Spin /></div>

const initialRange = () => {
  const r = kpiRange(undefined) as { from: string; to: string }
  return [dayjs(r.from), dayjs(r.to)]
}

export default function KpiPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const canDetail = !!info?.permissions.includes('kpi_detail')
  const [form] = Form.useForm()
  const companies = useCompanyOptions({ enabled: headquarters })
  const [filters, setFilters] = useState<KpiFilters>(() => kpiFilters({ range: initialRange(), granularity: 'day' }))
  const [drill, setDrill] = useState<Drill | null>(null)
  const detailRef = useRef<HTMLDivElement>(null)

  // the figures follow the filters: a query each, so an older answer never replaces a newer one
  const summaryQuery = useQuery({
    queryKey: ['kpi', 'summary', filters],
    queryFn: ({ signal }) => kpiApi.kpiSummary(filters, { signal, cancelDuplicate: false }),
    // the last figures stay under the spinner while new filters are counted
    placeholderData: keepPreviousData,
  })
  const stepsQuery = useQuery({
    queryKey: ['kpi', 'steps', filters],
    queryFn: ({ signal }) => kpiApi.kpiSteps(filters, { signal, cancelDuplicate: false }),
    placeholderData: keepPreviousData,
    enabled: canDetail,
  })
  const summary = summaryQuery.data ?? null
  const steps = stepsQuery.data ?? null
  const loading = summaryQuery.isFetching || stepsQuery.isFetching

  const open = (d: Drill | null) => {
    if (!canDetail || !d) return
    setDrill(d)
    setTimeout(() => detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 50)
  }
  /** a count that opens its reports (with kpi_detail) */
  const count = (n: number, d: Drill) => (canDetail && n ? <Typography.Link onClick={() => open(d)}>{n}</Typography.Link> : n)

  const search = () => {
    const next = kpiFilters(form.getFieldsValue())
    setDrill(null)
    setFilters(next)
  }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Form form={form} layout="inline" name="kpi-filters" initialValues={{ range: initialRange(), granularity: 'day' }} onFinish={search}>
          <Form.Item label="统计时间" name="range">
            <DatePicker.RangePicker allowClear={false} {...DATE_RANGE_PROPS} />
          </Form.Item>
          {headquarters && (
            <Form.Item label="基地" name="companyId">
              <Select allowClear showSearch optionFilterProp="label" placeholder="全部基地" style={{ width: 200 }}
                options={companyChoices(companies)} />
            </Form.Item>
          )}
          <Form.Item label="统计周期" name="granularity">
            <Segmented options={KPI_GRANULARITY_NAMES.map((g) => ({ label: KPI_GRANULARITIES[g], value: g }))} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={loading}>查询</Button>
          </Form.Item>
        </Form>
      </Card>

      <Spin spinning={loading}>
        {summary ? (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Totals summary={summary} onOpen={canDetail ? open : undefined} />

            <Card size="small" title={`检验数量（${summary.from} 至 ${summary.to}，${KPI_GRANULARITIES[summary.granularity]}）`}
              extra={canDetail && <Typography.Text type="secondary">点击柱形查看报告</Typography.Text>}>
              <Suspense fallback={chartFallback(300)}>
                <KpiChart testId="kpi-period-chart" option={periodChartOption(summary)} height={300}
                  onBarClick={canDetail ? (c) => open(drillFromChart('period', summary, c)) : undefined} />
              </Suspense>
            </Card>

            <Row gutter={16}>
              <Col xs={24} xl={12}>
                <Card size="small" title="检验负责人（已签发报告的合格与不合格）">
                  {summary.inspectors.length ? (
                    <>
                      <Suspense fallback={chartFallback(240)}>
                        <KpiChart testId="kpi-inspector-chart" option={inspectorChartOption(summary)} height={Math.max(160, 40 + summary.inspectors.length * 32)}
                          onBarClick={canDetail ? (c) => open(drillFromChart('inspector', summary, c)) : undefined} />
                      </Suspense>
                      <ShortTable<KpiInspector> rowKey="inspectorId" dataSource={summary.inspectors} data-testid="kpi-inspectors" scroll={{ x: 'max-content' }}
                        columns={figureColumns<KpiInspector>({ title: '检验负责人', name: (r) => r.inspectorName, drill: (r) => ({ inspectorId: r.inspectorId, who: r.inspectorName }), count })} />
                    </>
                  ) : <Empty description="统计时间内没有开始检验的报告" />}
                </Card>
              </Col>
              <Col xs={24} xl={12}>
                <Card size="small" title="基地">
                  <ShortTable<KpiBase> rowKey="companyId" dataSource={summary.bases} data-testid="kpi-bases" scroll={{ x: 'max-content' }}
                    locale={{ emptyText: '统计时间内没有检验报告' }}
                    columns={figureColumns<KpiBase>({ title: '基地', name: (r) => r.companyName, drill: (r) => ({ companyId: r.companyId, who: r.companyName }), count, registered: true })} />
                </Card>
              </Col>
            </Row>

            {steps && <StepTimes templates={steps} />}

            {drill && (
              <div ref={detailRef} data-testid="kpi-detail">
                <DetailTable filters={filters} drill={drill} companyId={info?.companyId ?? 0} onClose={() => setDrill(null)} />
              </div>
            )}
          </Space>
        ) : (
          <Card><Empty description={loading ? '正在统计…' : '暂无统计数据'} /></Card>
        )}
      </Spin>
    </Space>
  )
}

function Totals({ summary, onOpen }: { summary: KpiSummary; onOpen?: (d: Drill) => void }) {
  const t = summary.totals
  const card = (key: string, title: string, value: ReactNode, figure: KpiFigure, extra?: ReactNode) => (
    <Col xs={12} md={8} xl={4} key={key}>
      <Card size="small" hoverable={!!onOpen} onClick={onOpen && (() => onOpen({ figure, title: `${summary.from} 至 ${summary.to} · ${KPI_FIGURES[figure]}` }))}
        data-testid={`kpi-total-${key}`}>
        <Statistic title={title} value={value as string} suffix={extra} />
      </Card>
    </Col>
  )
  return (
    <Row gutter={[16, 16]}>
      {card('registered', '登记', t.registered, 'registered')}
      {card('started', '开始检验', t.started, 'started')}
      {card('finished', '检验完成', t.finished, 'finished')}
      {card('signed', '已签发', t.signed, 'signed')}
      {card('passRate', '合格率', rateText(t.passRate), 'signed', <small style={{ whiteSpace: 'nowrap', fontSize: 13 }}>（不合格 {t.failed}）</small>)}
      {card('avgMinutes', '平均检验用时', minutesText(t.avgMinutes), 'signed')}
    </Row>
  )
}

/** The columns of the inspector and base tables: counts that open their reports, pass rate, mean time. */
function figureColumns<T extends KpiFigures>({ title, name, drill, count, registered = false }: {
  title: string
  name: (r: T) => string
  drill: (r: T) => { inspectorId?: number; companyId?: number; who: string }
  count: (n: number, d: Drill) => ReactNode
  registered?: boolean
}) {
  const figure = (f: KpiFigure) => ({
    title: KPI_FIGURES[f], key: f, align: 'right' as const, width: 80,
    render: (_: unknown, r: T) => {
      const { who, ...by } = drill(r)
      return count(r[f], { figure: f, ...by, title: `${who} · ${KPI_FIGURES[f]}` })
    },
  })
  return [
    { title, key: 'name', width: 180, ellipsis: true, render: (_: unknown, r: T) => name(r) },
    ...(registered ? [figure('registered')] : []),
    figure('started'), figure('finished'), figure('signed'), figure('failed'),
    { title: '合格率', key: 'passRate', align: 'right' as const, width: 80, render: (_: unknown, r: T) => rateText(r.passRate) },
    { title: '平均用时', key: 'avgMinutes', align: 'right' as const, width: 100, render: (_: unknown, r: T) => minutesText(r.avgMinutes) },
  ]
}

function StepTimes({ templates }: { templates: KpiStepTemplate[] }) {
  return (
    <Card size="small" title="各步骤平均用时（统计时间内签发的报告）" data-testid="kpi-steps"
      extra={<Typography.Text type="secondary">步骤从其首个检验项保存起，到下一步骤开始（末步骤到完成检验）止</Typography.Text>}>
      {templates.length ? (
        <Tabs items={templates.map((t) => ({
          key: String(t.templateId),
          label: `${t.templateName}（${t.reports}份）`,
          children: (
            <Row gutter={16}>
              <Col xs={24} xl={14}>
                <Suspense fallback={chartFallback(260)}><KpiChart option={stepChartOption(t)} height={260} /></Suspense>
              </Col>
              <Col xs={24} xl={10}>
                <ShortTable rowKey="stepKey" dataSource={t.steps} columns={[
                  { title: '步骤', dataIndex: 'stepName', ellipsis: true },
                  { title: '报告数', dataIndex: 'reports', align: 'right', width: 70 },
                  { title: '平均用时', dataIndex: 'avgMinutes', align: 'right', width: 100, render: (m: number) => minutesText(m) },
                  { title: '最长用时', dataIndex: 'maxMinutes', align: 'right', width: 100, render: (m: number) => minutesText(m) },
                ]} />
              </Col>
            </Row>
          ),
        }))} />
      ) : <Empty description="统计时间内没有签发的报告" />}
    </Card>
  )
}

const DETAIL_COLUMNS: ProColumns<KpiReport>[] = [
  { title: '报告编号', dataIndex: 'reportNumber', width: 170, copyable: true },
  { title: '车牌号', dataIndex: 'licenseNumber', width: 100 },
  { title: '车辆类型', dataIndex: 'tankerType', width: 90 },
  { title: '基地', dataIndex: 'companyName', width: 140, ellipsis: true },
  { title: '检验负责人', dataIndex: 'inspectorName', width: 100, render: (_, r) => r.inspectorName ?? '—' },
  { title: '状态', dataIndex: 'statusName', width: 90 },
  {
    title: '检验结果', dataIndex: 'result', width: 90,
    render: (_, r) => (r.result ? <Tag color={r.result === REPORT_RESULTS.pass ? 'green' : 'red'}>{r.result}</Tag> : '—'),
  },
  { title: '登记时间', dataIndex: 'createTimeStr', width: 160 },
  { title: '开始检验', dataIndex: 'startTimeStr', width: 160, render: (_, r) => r.startTimeStr || '—' },
  { title: '签发时间', dataIndex: 'signTimeStr', width: 160, render: (_, r) => r.signTimeStr || '—' },
  { title: '检验用时', dataIndex: 'minutes', width: 100, align: 'right', render: (_, r) => minutesText(r.minutes) },
]

/** The reports behind the figure clicked, below the charts: the page's filters narrowed by the drill, with 导出 and 关闭. */
function DetailTable({ filters, drill, companyId, onClose }: { filters: KpiFilters; drill: Drill; companyId: number; onClose: () => void }) {
  return (
    <ListPage<KpiReport, KpiDetailFilters>
      search={false}
      params={detailFilters(filters, drill)}
      list={kpiApi.kpiDetail}
      exportList={(q, opts) => kpiApi.exportKpiDetail(companyId, q, opts)}
      pageSize={10}
      headerTitle={`报告明细：${drill.title}`}
      size="small"
      columns={DETAIL_COLUMNS}
      scroll={{ x: 1350 }}
      emptyText="没有对应的检验报告"
      buttons={[<Button key="close" icon={<CloseOutlined />} onClick={onClose}>关闭</Button>]}
    />
  )
}

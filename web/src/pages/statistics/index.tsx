/**
 * 数据统计 (menu component key 'statistics'; issue 36): the health measurements' charts, each with its
 * own date range (the last 12 months unless chosen): readings and abnormal ones per province with the
 * 数据列表 (its numbers, exported as CSV), per device type per month, per device per month, per device
 * type, per base, and each examined item's conclusions, where a click on an abnormal part lists the
 * persons behind it (phone and ID number masked; the eye reveals them for the roles allowed, logged).
 * The towns where devices stand, with each item's abnormal share, and a town's conclusions on a click.
 * Headquarters picks one base or all at the top. The calls: api/statistics.ts.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react'
import dayjs, { type Dayjs } from 'dayjs'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Card, Col, DatePicker, Empty, Modal, Row, Select, Space, Spin, Statistic, Table, Typography } from 'antd'
import {
  abnormalRate, EXAM_ITEMS, HQ_COMPANY_ID, PROVINCE_CSV_NAME,
  type AbnormalPerson, type ProvinceCount, type StatisticsFilters, type TownTotal,
} from '@app/contract'
import * as api from '../../api/statistics'
import { revealMember } from '../../api/members'
import { saveBlob } from '../../api/request'
import { useUserInfo } from '../../app/session'
import { companyChoices, useCompanyOptions } from '../../components/companies'
import { DATE_RANGE_PROPS } from '../../components/dateRange'
import { regionPath } from '../../components/regions'
import Revealable, { useMayReveal } from '../../components/Revealable'
import {
  chartDataOption, companyRows, defaultDays, drillFromMeasures, machineTypeRows, measuresOption, namedTotalsOption, provinceCsv, provinceOption,
} from './statisticsValues'

const StatisticsChart = lazy(() => import('./StatisticsChart'))
const chartFallback = (height: number) => <div style={{ height, display: 'grid', placeItems: 'center' }}><Spin /></div>

type Days = [string, string]
const toDays = (r: [Dayjs | null, Dayjs | null] | null, fallback: Days): Days =>
  (r?.[0] && r[1] ? [r[0].format('YYYY-MM-DD'), r[1].format('YYYY-MM-DD')] : fallback)

/** A chart's card: its title, its own date range, a spinner while it counts, and what it shows for the range. */
function ChartCard({ title, testId, extra, children }: {
  title: string
  testId: string
  extra?: (days: Days) => ReactNode
  children: (days: Days) => ReactNode
}) {
  const [days, setDays] = useState<Days>(() => defaultDays())
  return (
    <Card size="small" title={title} data-testid={testId}
      extra={(
        <Space wrap>
          {extra?.(days)}
          <DatePicker.RangePicker aria-label={`${title}统计时间`} allowClear={false} {...DATE_RANGE_PROPS} value={[dayjs(days[0]), dayjs(days[1])]}
            onChange={(r) => setDays(toDays(r as [Dayjs | null, Dayjs | null] | null, days))} />
        </Space>
      )}>
      {children(days)}
    </Card>
  )
}

/** One chart call's answer: a spinner while it counts (the last answer stays under it), an empty state, or the chart. */
function useChart<T>(key: unknown[], load: (signal: AbortSignal) => Promise<T>) {
  return useQuery({ queryKey: ['statistics', ...key], queryFn: ({ signal }) => load(signal), placeholderData: keepPreviousData })
}

function Loaded<T>({ query, empty, height, children }: { query: { data?: T; isFetching: boolean }; empty: (data: T) => boolean; height: number; children: (data: T) => ReactNode }) {
  const { data, isFetching } = query
  return (
    <Spin spinning={isFetching}>
      {data === undefined ? chartFallback(height)
        : empty(data) ? <Empty style={{ height, paddingTop: height / 3, margin: 0 }} description="统计时间内没有测量数据" />
          : <Suspense fallback={chartFallback(height)}>{children(data)}</Suspense>}
    </Spin>
  )
}

export default function StatisticsPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const companies = useCompanyOptions({ enabled: headquarters })
  const [companyId, setCompanyId] = useState<number | undefined>()
  const scope = (days: Days): StatisticsFilters => ({ range: days, companyId })
  const [drill, setDrill] = useState<{ examItemId: number; conclusion: string; days: Days } | null>(null)
  const [listOpen, setListOpen] = useState<ProvinceCount[] | null>(null)
  const [town, setTown] = useState<{ town: TownTotal; days: Days } | null>(null)
  const ownId = companyId ?? info?.companyId ?? HQ_COMPANY_ID

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {headquarters && (
        <Card size="small">
          <Space>
            <span>基地</span>
            <Select aria-label="基地" allowClear showSearch optionFilterProp="label" placeholder="全部基地" style={{ width: 220 }}
              options={companyChoices(companies)} value={companyId} onChange={(v) => setCompanyId(v ?? undefined)} />
          </Space>
        </Card>
      )}

      <Basics companyId={ownId} scopeOf={scope} />

      <ChartCard title="各省测量统计" testId="statistics-province"
        extra={(days) => <ProvinceListButton days={days} companyId={companyId} onOpen={setListOpen} />}>
        {(days) => <ProvinceChart filters={scope(days)} />}
      </ChartCard>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ChartCard title="设备测量趋势（按设备类型，每月）" testId="statistics-machine-line">
            {(days) => <MachineChart kind="line" filters={scope(days)} />}
          </ChartCard>
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title="各设备每月测量次数" testId="statistics-machine-bar">
            {(days) => <MachineChart kind="bar" filters={scope(days)} />}
          </ChartCard>
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title="按设备类型" testId="statistics-machine-type">
            {(days) => <MachineTypeChart filters={scope(days)} />}
          </ChartCard>
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title="按基地" testId="statistics-company">
            {(days) => <CompanyChart companyId={ownId} filters={scope(days)} />}
          </ChartCard>
        </Col>
      </Row>

      <ChartCard title="检测项目结论（点击异常部分查看人员）" testId="statistics-measures">
        {(days) => <MeasuresChart days={days} companyId={companyId} onDrill={(d) => setDrill({ ...d, days })} />}
      </ChartCard>

      <ChartCard title="各乡镇测量统计（点击乡镇查看各项结论）" testId="statistics-towns">
        {(days) => <TownTable filters={scope(days)} onOpen={(town) => setTown({ town, days })} />}
      </ChartCard>

      {town && <TownDetail {...town} companyId={companyId} onClose={() => setTown(null)} />}
      {listOpen && <ProvinceList rows={listOpen} onClose={() => setListOpen(null)} />}
      {drill && <AbnormalPersons {...drill} companyId={companyId} onClose={() => setDrill(null)} />}
    </Space>
  )
}

function Basics({ companyId, scopeOf }: { companyId: number; scopeOf: (days: Days) => StatisticsFilters }) {
  const days = defaultDays()
  const filters = scopeOf(days)
  const query = useChart(['basic', companyId, filters], (signal) => api.basicFigures(companyId, filters, { signal, cancelDuplicate: false }))
  const b = query.data
  return (
    <Card size="small" title={`概况（${days[0]} 至 ${days[1]}）`}>
      <Spin spinning={query.isFetching}>
        <Row gutter={16} data-testid="statistics-basic">
          {([['设备数', b?.machines], ['会员数', b?.members], ['测量次数', b?.measurements], ['异常次数', b?.abnormal], ['今日测量', b?.today]] as const).map(([title, value]) => (
            <Col key={title} xs={12} sm={8} md={4}><Statistic title={title} value={value ?? '—'} /></Col>
          ))}
          <Col xs={12} sm={8} md={4}><Statistic title="异常率" value={b?.abnormalRate == null ? '—' : `${b.abnormalRate}%`} /></Col>
        </Row>
      </Spin>
    </Card>
  )
}

function ProvinceChart({ filters }: { filters: StatisticsFilters }) {
  const query = useChart(['byProvince', filters], (signal) => api.byProvince(filters, { signal, cancelDuplicate: false }))
  return (
    <Loaded query={query} empty={(rows) => rows.length === 0} height={300}>
      {(rows) => <StatisticsChart testId="statistics-province-chart" option={provinceOption(rows)} height={300} />}
    </Loaded>
  )
}

function ProvinceListButton({ days, companyId, onOpen }: { days: Days; companyId?: number; onOpen: (rows: ProvinceCount[]) => void }) {
  const filters = { range: days, companyId }
  const query = useChart(['byProvince', filters], (signal) => api.byProvince(filters, { signal, cancelDuplicate: false }))
  return <Button disabled={!query.data} onClick={() => query.data && onOpen(query.data)}>{PROVINCE_CSV_NAME}</Button>
}

/** 数据列表: the bars' numbers, and their CSV. */
function ProvinceList({ rows, onClose }: { rows: ProvinceCount[]; onClose: () => void }) {
  const exportCsv = () => saveBlob(new Blob([provinceCsv(rows)], { type: 'text/csv;charset=utf-8' }), `${PROVINCE_CSV_NAME}.csv`)
  return (
    <Modal open title={PROVINCE_CSV_NAME} onCancel={onClose} width={640}
      footer={[<Button key="csv" type="primary" onClick={exportCsv} disabled={!rows.length}>导出CSV</Button>, <Button key="close" onClick={onClose}>关闭</Button>]}>
      <Table<ProvinceCount> rowKey="province" size="small" pagination={false} dataSource={rows} locale={{ emptyText: '统计时间内没有测量数据' }}
        columns={[
          { title: '省份', dataIndex: 'province' },
          { title: '测量次数', dataIndex: 'total', align: 'right' },
          { title: '异常次数', dataIndex: 'abnormal', align: 'right' },
          { title: '异常率', dataIndex: 'abnormalRate', align: 'right', render: (v: number | null) => (v == null ? '—' : `${v}%`) },
        ]} />
    </Modal>
  )
}

function MachineChart({ kind, filters }: { kind: 'bar' | 'line'; filters: StatisticsFilters }) {
  const query = useChart([kind, filters], (signal) => (kind === 'bar' ? api.machineBarMonth : api.machineLineMonth)(filters, { signal, cancelDuplicate: false }))
  return (
    <Loaded query={query} empty={(d) => d.datas.length === 0} height={280}>
      {(d) => <StatisticsChart testId={`statistics-machine-${kind}-chart`} option={chartDataOption(d, kind)} height={280} />}
    </Loaded>
  )
}

function MachineTypeChart({ filters }: { filters: StatisticsFilters }) {
  const query = useChart(['byMachineType', filters], (signal) => api.byMachineType(filters, { signal, cancelDuplicate: false }))
  return (
    <Loaded query={query} empty={(rows) => rows.length === 0} height={280}>
      {(rows) => <StatisticsChart testId="statistics-machine-type-chart" option={namedTotalsOption(machineTypeRows(rows))} height={280} />}
    </Loaded>
  )
}

function CompanyChart({ companyId, filters }: { companyId: number; filters: StatisticsFilters }) {
  const q = { ...filters, granularity: 'month' as const }
  const query = useChart(['byCompany', companyId, q], (signal) => api.byCompany(companyId, q, { signal, cancelDuplicate: false }))
  return (
    <Loaded query={query} empty={(d) => d.bases.length === 0} height={280}>
      {(d) => <StatisticsChart testId="statistics-company-chart" option={namedTotalsOption(companyRows(d.bases))} height={280} />}
    </Loaded>
  )
}

function MeasuresChart({ days, companyId, onDrill }: { days: Days; companyId?: number; onDrill: (d: { examItemId: number; conclusion: string }) => void }) {
  const body = { companyId }
  const query = useChart(['byMeasures', days, body], (signal) => api.byMeasures({ from: days[0], to: days[1] }, body, { signal, cancelDuplicate: false }))
  return (
    <Loaded query={query} empty={(rows) => rows.every((m) => m.total === 0)} height={300}>
      {(rows) => (
        <>
          <StatisticsChart testId="statistics-measures-chart" option={measuresOption(rows)} height={300}
            onClick={(c) => { const d = drillFromMeasures(c.seriesId); if (d) onDrill(d) }} />
          <Table size="small" pagination={false} rowKey={(r) => `${r.examItemId}:${r.conclusion}`} data-testid="statistics-measures-table"
            dataSource={rows.flatMap((m) => m.conclusions.filter((c) => c.count).map((c) => ({ ...c, examItemId: m.examItemId, label: m.label })))}
            columns={[
              { title: '检测项目', dataIndex: 'label' },
              { title: '结论', dataIndex: 'conclusion' },
              {
                title: '次数', dataIndex: 'count', align: 'right',
                render: (n: number, r) => (r.conclusion === '正常' ? n : <Typography.Link onClick={() => onDrill({ examItemId: r.examItemId, conclusion: r.conclusion })}>{n}</Typography.Link>),
              },
            ]} />
        </>
      )}
    </Loaded>
  )
}

/** where a town lies; a province-level city named once (北京市 / 东城区) */
const placeOf = (t: { province: string; city: string; district: string }) => regionPath(t).filter((p, i, all) => p !== all[i - 1]).join(' / ')
const shareText = (part: number, total: number) => `${abnormalRate(part, total) ?? 0}%`

/** The towns with readings in the range (devices stand in them), most first, with each item's abnormal share. */
function TownTable({ filters, onOpen }: { filters: StatisticsFilters; onOpen: (town: TownTotal) => void }) {
  const query = useChart(['allTrace', filters], (signal) => api.allTrace(filters, { signal, cancelDuplicate: false }))
  return (
    <Table<TownTotal> rowKey="townId" size="small" loading={query.isFetching} dataSource={query.data ?? []} data-testid="statistics-towns-table"
      locale={{ emptyText: <Empty description="统计时间内没有设于乡镇的设备的测量（在设备管理中填写所在乡镇）" /> }}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true, showTotal: (t) => `共 ${t} 个乡镇` }}
      columns={[
        { title: '乡镇（街道）', dataIndex: 'townName', render: (name: string, t) => <Typography.Link onClick={() => onOpen(t)}>{name}</Typography.Link> },
        { title: '所在地', key: 'place', render: (_, t) => placeOf(t) },
        { title: '测量次数', dataIndex: 'total', align: 'right' },
        ...EXAM_ITEMS.map((item) => ({
          title: `${item.label}异常`, key: `item-${item.id}`, align: 'right' as const,
          render: (_: unknown, t: TownTotal) => {
            const i = t.items.find((x) => x.examItemId === item.id)
            return i && i.total ? `${i.abnormal}（${shareText(i.abnormal, i.total)}）` : '—'
          },
        })),
      ]} />
  )
}

/** One town: each examined item's conclusions in the range. */
function TownDetail({ town, days, companyId, onClose }: { town: TownTotal; days: Days; companyId?: number; onClose: () => void }) {
  const q = { townId: town.townId, range: days, companyId }
  const query = useChart(['townTrace', q], (signal) => api.townTrace(q, { signal, cancelDuplicate: false }))
  const rows = (query.data?.items ?? []).flatMap((m) => m.conclusions.map((c) => ({ ...c, label: m.label, examItemId: m.examItemId, share: abnormalRate(c.count, m.total) })))
  return (
    <Modal open title={`${town.townName}（${placeOf(town)}）· ${days[0]} 至 ${days[1]}`} onCancel={onClose} footer={null} width={720}>
      <Table size="small" pagination={false} loading={query.isFetching} dataSource={rows} rowKey={(r) => `${r.examItemId}:${r.score}`} data-testid="statistics-town-detail"
        locale={{ emptyText: '统计时间内没有测量数据' }}
        columns={[
          { title: '检测项目', dataIndex: 'label', onCell: (r, i) => ({ rowSpan: i !== undefined && rows[i - 1]?.examItemId === r.examItemId ? 0 : rows.filter((x) => x.examItemId === r.examItemId).length }) },
          { title: '结论', dataIndex: 'conclusion' },
          { title: '人次', dataIndex: 'count', align: 'right' },
          { title: '占比', dataIndex: 'share', align: 'right', render: (v: number | null) => (v == null ? '—' : `${v}%`) },
        ]} />
    </Modal>
  )
}

/** The persons behind one abnormal conclusion, a page at a time. */
function AbnormalPersons({ examItemId, conclusion, days, companyId, onClose }: { examItemId: number; conclusion: string; days: Days; companyId?: number; onClose: () => void }) {
  const [page, setPage] = useState(1)
  const mayReveal = useMayReveal()
  const q = { range: days, companyId, conclusion, page, size: 10 }
  const query = useChart(['persons', examItemId, q], (signal) => api.abnormalPersons(examItemId, q, { signal, cancelDuplicate: false }))
  const label = EXAM_ITEMS.find((i) => i.id === examItemId)?.label ?? ''
  return (
    <Modal open title={`${label} · ${conclusion}（${days[0]} 至 ${days[1]}）`} onCancel={onClose} footer={null} width={960}>
      <Table<AbnormalPerson> rowKey="measurementId" size="small" loading={query.isFetching} dataSource={query.data?.data ?? []} scroll={{ x: 'max-content' }}
        locale={{ emptyText: '没有该结论的测量' }}
        pagination={{ current: page, pageSize: 10, total: query.data?.totalCount ?? 0, onChange: setPage, showSizeChanger: false, showTotal: (t) => `共 ${t} 条` }}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          { title: '性别', dataIndex: 'sex' },
          { title: '年龄', dataIndex: 'age' },
          { title: '手机号', dataIndex: 'phone', render: (_, r) => <Revealable field="phone" masked={r.phone} allowed={mayReveal} reveal={() => revealMember(r.testeeId, 'phone')} /> },
          { title: '身份证号', dataIndex: 'idNo', render: (_, r) => <Revealable field="idNumber" masked={r.idNo} allowed={mayReveal} reveal={() => revealMember(r.testeeId, 'idNo')} /> },
          { title: '测量值', dataIndex: 'value' },
          { title: '结论', dataIndex: 'conclusion' },
          { title: '测量时间', dataIndex: 'measuredTime' },
          { title: '设备编号', dataIndex: 'deviceNo' },
          { title: '所属基地', dataIndex: 'companyName' },
        ]} />
    </Modal>
  )
}

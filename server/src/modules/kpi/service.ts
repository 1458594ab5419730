import {
  formatDateTime, HQ_COMPANY_ID, KPI_EXPORT_NAME, KpiMsg, kpiPeriods, kpiRange, periodEnd, periodLabel, periodStart, rangeBounds,
  REPORT_RESULTS, REPORT_STATUS, REPORT_STATUS_LABELS,
  type KpiBase, type KpiDetailFilters, type KpiDetailQuery, type KpiFigure, type KpiFigures, type KpiFilters, type KpiGranularity,
  type KpiInspector, type KpiReport, type KpiStepTemplate, type KpiSummary, type Page, type ReportResult, type ReportStatus,
} from '@app/contract'
import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db, Executor } from '../../db/client.js'
import { companies, processTemplates, reportRecords, reports, users } from '../../db/schema/index.js'
import type { Auth } from '../../platform/access.js'
import { ValidationError } from '../../platform/errors.js'
import { defineExport } from '../../platform/exports.js'
import { allRows, listSource, pagedList } from '../../platform/list.js'
import { scopeCompany } from '../../platform/tenancy.js'
import { versionSteps } from '../reports/index.js'

/**
 * 检验统计 (KPI). Every figure is aggregated in the database: the summary is one scan of the reports
 * in scope, each report contributing one row per move it made in the range (登记, 开始, 完成, 签发)
 * so that a report registered in one period and signed in the next counts in both, grouped by
 * period, base, lead inspector and overall at once (GROUPING SETS). See contract/src/kpi.ts for what
 * each figure counts.
 */

interface Window {
  from: Date
  to: Date
  fromDay: string
  toDay: string
  granularity: KpiGranularity
}

/** The instants a request counts (China days), refused in Chinese when reversed or too long. */
function windowOf(q: KpiFilters, now = new Date()): Window {
  const range = kpiRange(q.range, now)
  if ('error' in range) throw new ValidationError(range.error)
  const { from, to } = rangeBounds([range.from, range.to]) as { from: Date; to: Date }
  return { from, to, fromDay: range.from, toDay: range.to, granularity: q.granularity }
}

/** Reports of the caller's scope (headquarters: all bases or the one it names) and of the chosen lead inspector. */
function scope(auth: Auth, q: KpiFilters): SQL | undefined {
  const companyId = scopeCompany(auth, q.companyId)
  return and(
    companyId != null ? eq(reports.companyId, companyId) : undefined,
    q.inspectorId != null ? eq(reports.inspectorId, q.inspectorId) : undefined,
  )
}

const FINISHED = [REPORT_STATUS.finished, REPORT_STATUS.reviewed, REPORT_STATUS.signed]
const finishedStatus = sql.raw(`(${FINISHED.join(', ')})`)

/** A timestamp's China day (or the first day of its week / month) as 'YYYY-MM-DD', whatever the session's time zone. */
function bucket(column: SQL | PgColumn, granularity: KpiGranularity) {
  const local = sql`((${column} at time zone 'UTC') + interval '8 hours')`
  // the unit is a literal (a checked enum): GROUP BY must see the very same expression as the select
  const truncated = granularity === 'day' ? local : sql`date_trunc(${sql.raw(`'${granularity}'`)}, ${local})`
  return sql<string>`to_char(${truncated}, 'YYYY-MM-DD')`
}

const minutes = (seconds: number | string | null, n = 1) => (seconds == null || !n ? null : Math.round(Number(seconds) / n / 6) / 10)
const rate = (passed: number, signed: number) => (signed ? Math.round((passed / signed) * 1000) / 10 : null)

interface Counts { registered: number; started: number; finished: number; signed: number; passed: number; failed: number; seconds: number }
const zero = (): Counts => ({ registered: 0, started: 0, finished: 0, signed: 0, passed: 0, failed: 0, seconds: 0 })
const figuresOf = (c: Counts): KpiFigures => ({
  registered: c.registered, started: c.started, finished: c.finished, signed: c.signed, passed: c.passed, failed: c.failed,
  passRate: rate(c.passed, c.signed), avgMinutes: minutes(c.signed ? c.seconds : null, c.signed),
})

/** `POST /kpi/summary`: totals, every period of the range (zeros included), each lead inspector and each base. */
export async function kpiSummary(db: Executor, auth: Auth, q: KpiFilters, now = new Date()): Promise<KpiSummary> {
  const w = windowOf(q, now)
  const period = bucket(sql`e.t`, w.granularity)
  // 0 登记, 1 开始, 2 完成 (still finished), 3 签发: each move of a report in the range is one row
  const result = await db.execute<{
    gp: number; gc: number; gi: number; period: string | null; company_id: number | null; inspector_id: number | null
    registered: string; started: string; finished: string; signed: string; passed: string; failed: string; seconds: string | null
  }>(sql`
    select grouping(${period}) as gp, grouping(${reports.companyId}) as gc, grouping(${reports.inspectorId}) as gi,
      ${period} as period, ${reports.companyId} as company_id, ${reports.inspectorId} as inspector_id,
      count(*) filter (where e.f = 0) as registered,
      count(*) filter (where e.f = 1) as started,
      count(*) filter (where e.f = 2) as finished,
      count(*) filter (where e.f = 3) as signed,
      count(*) filter (where e.f = 3 and ${reports.result} = ${REPORT_RESULTS.pass}) as passed,
      count(*) filter (where e.f = 3 and ${reports.result} = ${REPORT_RESULTS.fail}) as failed,
      sum(extract(epoch from ${reports.finishTime} - ${reports.startTime})) filter (where e.f = 3) as seconds
    from ${reports}
    cross join lateral (values
      (0, ${reports.createTime}),
      (1, ${reports.startTime}),
      (2, case when ${reports.status} in ${finishedStatus} then ${reports.finishTime} end),
      (3, case when ${reports.status} = ${REPORT_STATUS.signed} then ${reports.signTime} end)
    ) as e(f, t)
    where ${movedIn(w)} and e.t >= ${w.from} and e.t <= ${w.to} ${scopeAnd(auth, q)}
    group by grouping sets ((${period}), (${reports.companyId}), (${reports.inspectorId}), ())`)

  const counts = (r: (typeof result.rows)[number]): Counts => ({
    registered: Number(r.registered), started: Number(r.started), finished: Number(r.finished), signed: Number(r.signed),
    passed: Number(r.passed), failed: Number(r.failed), seconds: Number(r.seconds ?? 0),
  })
  const byPeriod = new Map<string, Counts>()
  const byCompany = new Map<number, Counts>()
  const byInspector = new Map<number, Counts>()
  let totals = zero()
  for (const r of result.rows) {
    const [gp, gc, gi] = [Number(r.gp), Number(r.gc), Number(r.gi)]
    if (!gp) byPeriod.set(r.period!, counts(r))
    else if (!gc) byCompany.set(Number(r.company_id), counts(r))
    else if (!gi) { if (r.inspector_id != null) byInspector.set(Number(r.inspector_id), counts(r)) }
    else totals = counts(r)
  }

  const [companyNames, inspectorNames] = await Promise.all([
    namesOf(db, companies, [...byCompany.keys()]),
    namesOf(db, users, [...byInspector.keys()]),
  ])
  const bases: KpiBase[] = [...byCompany].map(([companyId, c]) => ({ companyId, companyName: companyNames.get(companyId) ?? '', ...figuresOf(c) }))
    .sort((a, b) => (a.companyId === HQ_COMPANY_ID ? 1 : 0) - (b.companyId === HQ_COMPANY_ID ? 1 : 0) || b.signed - a.signed || a.companyId - b.companyId)
  const inspectors: KpiInspector[] = [...byInspector].map(([inspectorId, c]) => ({ inspectorId, inspectorName: inspectorNames.get(inspectorId) ?? '', ...figuresOf(c) }))
    .sort((a, b) => b.signed - a.signed || b.started - a.started || a.inspectorId - b.inspectorId)
  return {
    from: w.fromDay, to: w.toDay, granularity: w.granularity, totals: figuresOf(totals),
    periods: kpiPeriods(w.fromDay, w.toDay, w.granularity).map((p) => ({ period: p, label: periodLabel(p, w.granularity), ...figuresOf(byPeriod.get(p) ?? zero()) })),
    inspectors, bases,
  }
}

/** Reports with any move in the window: one index range per moment (BitmapOr), not a scan of every report. */
const movedIn = (w: Window) => sql`(${or(...[reports.createTime, reports.startTime, reports.finishTime, reports.signTime].map((c) => and(gte(c, w.from), lte(c, w.to))))})`

/** `and …` of the scope for the raw statements (nothing when headquarters asks for every base and inspector). */
function scopeAnd(auth: Auth, q: KpiFilters): SQL {
  const s = scope(auth, q)
  return s ? sql`and ${s}` : sql``
}

async function namesOf(db: Executor, table: typeof companies | typeof users, ids: number[]) {
  if (!ids.length) return new Map<number, string>()
  const rows = await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids))
  return new Map(rows.map((r) => [r.id, r.name]))
}

/**
 * `POST /kpi/steps`: mean and longest time per step of the reports signed in the range, by template.
 *
 * A step's time is measured on the records as the inspector saved them: the step begins at the first
 * save of any of its items (the report's first step at 开始检验 instead) and lasts until the next step
 * begins, in the order the steps were actually started; the last step lasts until 完成检验. So the
 * steps of a report add up to its inspection time (开始检验 -> 完成检验, pauses included, as in the
 * summary), and a step with a single item still takes the time spent on it. Saving an item again later
 * does not move its step's start; the step's key, not its name, identifies it across template versions.
 */
export async function kpiSteps(db: Db, auth: Auth, q: KpiFilters, now = new Date()): Promise<KpiStepTemplate[]> {
  const w = windowOf(q, now)
  const result = await db.execute<{ template_id: number; step_key: string; version_id: number; n: string; avg_s: string; max_s: string; total: string }>(sql`
    with signed as (
      select ${reports.id} as id, ${reports.templateId} as template_id, ${reports.templateVersionId} as version_id,
        ${reports.startTime} as start_time, ${reports.finishTime} as finish_time
      from ${reports}
      where ${reports.status} = ${REPORT_STATUS.signed} and ${reports.signTime} >= ${w.from} and ${reports.signTime} <= ${w.to}
        and ${reports.templateId} is not null ${scopeAnd(auth, q)}
    ), step_starts as (
      select ${reportRecords.reportId} as report_id, ${reportRecords.stepKey} as step_key, min(${reportRecords.createTime}) as first_save
      from ${reportRecords} join signed s on s.id = ${reportRecords.reportId}
      group by ${reportRecords.reportId}, ${reportRecords.stepKey}
    ), spans as (
      select s.template_id, s.version_id, st.step_key,
        greatest(0, extract(epoch from
          coalesce(lead(st.first_save) over w, s.finish_time)
          - case when row_number() over w = 1 then least(s.start_time, st.first_save) else st.first_save end)) as seconds
      from step_starts st join signed s on s.id = st.report_id
      window w as (partition by st.report_id order by st.first_save, st.step_key)
    )
    select template_id, step_key, max(version_id) as version_id, count(*) as n, avg(seconds) as avg_s, max(seconds) as max_s,
      (select count(*) from signed s2 where s2.template_id = spans.template_id) as total
    from spans group by template_id, step_key`)

  const byTemplate = new Map<number, typeof result.rows>()
  for (const r of result.rows) byTemplate.set(Number(r.template_id), [...(byTemplate.get(Number(r.template_id)) ?? []), r])
  const ids = [...byTemplate.keys()]
  const names = ids.length
    ? new Map((await db.select({ id: processTemplates.id, name: processTemplates.name }).from(processTemplates).where(inArray(processTemplates.id, ids))).map((t) => [t.id, t.name]))
    : new Map<number, string>()
  const out: KpiStepTemplate[] = []
  for (const [templateId, rows] of byTemplate) {
    // names and order from the newest version that has the step (template versions never change)
    const steps = await Promise.all(rows.map(async (r) => {
      const versionStepList = await versionSteps(db, Number(r.version_id))
      const index = versionStepList.findIndex((s) => s.key === r.step_key)
      return {
        order: index < 0 ? Number.MAX_SAFE_INTEGER : index,
        step: {
          stepKey: r.step_key, stepName: versionStepList[index]?.name ?? r.step_key, reports: Number(r.n),
          avgMinutes: minutes(r.avg_s) ?? 0, maxMinutes: minutes(r.max_s) ?? 0,
        },
      }
    }))
    steps.sort((a, b) => a.order - b.order)
    out.push({ templateId, templateName: names.get(templateId) ?? '', reports: Number(rows[0]!.total), steps: steps.map((s) => s.step) })
  }
  return out.sort((a, b) => b.reports - a.reports || a.templateId - b.templateId)
}

// ---- the reports behind a figure ----

/** The moment that puts a report under a figure, and what else the figure needs of it. */
const FIGURE_TIME: Record<KpiFigure, { time: PgColumn; also?: SQL }> = {
  registered: { time: reports.createTime },
  started: { time: reports.startTime },
  finished: { time: reports.finishTime, also: sql`${reports.status} in ${finishedStatus}` },
  signed: { time: reports.signTime, also: eq(reports.status, REPORT_STATUS.signed) },
  passed: { time: reports.signTime, also: and(eq(reports.status, REPORT_STATUS.signed), eq(reports.result, REPORT_RESULTS.pass)) },
  failed: { time: reports.signTime, also: and(eq(reports.status, REPORT_STATUS.signed), eq(reports.result, REPORT_RESULTS.fail)) },
}

/** The detail's filters as SQL: the figure's moment in the range (and in the period, when one is named). */
function detailWhere(auth: Auth, q: KpiDetailFilters, now = new Date()): SQL {
  const w = windowOf(q, now)
  let { from, to } = w
  if (q.period) {
    const start = periodStart(q.period, w.granularity)
    const end = periodEnd(start, w.granularity)
    if (end <= w.fromDay || start > w.toDay) throw new ValidationError(KpiMsg.periodOutside)
    const bounds = rangeBounds([start, end]) as { from: Date; to: Date }
    if (bounds.from > from) from = bounds.from
    // the period's end is the next period's first instant: exclusive
    const periodTo = new Date(bounds.from.getTime() + (Date.parse(end) - Date.parse(start)) - 1)
    if (periodTo < to) to = periodTo
  }
  const figure = FIGURE_TIME[q.figure]
  return and(gte(figure.time, from), lte(figure.time, to), figure.also, scope(auth, q))!
}

const userName = (id: PgColumn) => sql<string | null>`(select u.name from ${users} u where u.id = ${id})`

function detailList(db: Executor, auth: Auth, q: KpiDetailFilters, now = new Date()) {
  const where = detailWhere(auth, q, now)
  const time = FIGURE_TIME[q.figure].time
  return listSource({
    db,
    query: () => db.select({
      r: {
        id: reports.id, reportNumber: reports.reportNumber, licenseNumber: reports.licenseNumber, tankerType: reports.tankerType,
        companyId: reports.companyId, status: reports.status, result: reports.result, createTime: reports.createTime,
        startTime: reports.startTime, finishTime: reports.finishTime, signTime: reports.signTime,
      },
      companyName: sql<string>`(select c.name from ${companies} c where c.id = ${reports.companyId})`,
      inspectorName: userName(reports.inspectorId),
    }).from(reports).where(where).$dynamic(),
    orderBy: [desc(time), desc(reports.id)],
    map: ({ r, companyName, inspectorName }): KpiReport => {
      const status = r.status as ReportStatus
      const finished = r.startTime && r.finishTime && (FINISHED as number[]).includes(status)
      return {
        id: r.id, reportNumber: r.reportNumber, licenseNumber: r.licenseNumber, tankerType: r.tankerType, companyId: r.companyId, companyName,
        inspectorName, status, statusName: REPORT_STATUS_LABELS[status] ?? String(status), result: r.result as ReportResult | null,
        createTimeStr: formatDateTime(r.createTime), startTimeStr: formatDateTime(r.startTime), finishTimeStr: formatDateTime(r.finishTime),
        signTimeStr: formatDateTime(r.signTime),
        minutes: finished ? minutes((r.finishTime!.getTime() - r.startTime!.getTime()) / 1000) : null,
      }
    },
    count: () => db.select({ id: reports.id }).from(reports).where(where).$dynamic(),
    key: { column: reports.id, select: () => db.select({ id: reports.id }).from(reports).where(where).$dynamic(), of: (row) => row.r.id },
  })
}

/** `POST /kpi/detail`: the reports behind a figure, the latest move first (10 a page unless asked). */
export const kpiDetail = (db: Executor, auth: Auth, q: KpiDetailQuery, now = new Date()): Promise<Page<KpiReport>> =>
  pagedList(detailList(db, auth, q, now), q)

/** Every report behind the figure, for the export (the filters are checked before the file starts). */
export const kpiDetailRows = (db: Executor, auth: Auth, q: KpiDetailFilters, now = new Date()) => allRows(detailList(db, auth, q, now))

const blank = (v: string | number | null | undefined) => (v == null || v === '' ? '/' : v)
export const kpiExport = defineExport<KpiReport>({
  name: KPI_EXPORT_NAME, sheet: '检验统计', format: 'xlsx',
  columns: [
    { header: '报告编号', width: 22, value: (r) => r.reportNumber },
    { header: '车牌号', width: 12, value: (r) => r.licenseNumber },
    { header: '车辆类型', width: 10, value: (r) => r.tankerType },
    { header: '基地', width: 18, value: (r) => r.companyName },
    { header: '检验负责人', width: 12, value: (r) => blank(r.inspectorName) },
    { header: '状态', width: 10, value: (r) => r.statusName },
    { header: '检验结果', width: 10, value: (r) => blank(r.result) },
    { header: '登记时间', width: 20, value: (r) => r.createTimeStr },
    { header: '开始检验', width: 20, value: (r) => blank(r.startTimeStr) },
    { header: '检验完成', width: 20, value: (r) => blank(r.finishTimeStr) },
    { header: '签发时间', width: 20, value: (r) => blank(r.signTimeStr) },
    { header: '检验用时（分钟）', width: 16, value: (r) => blank(r.minutes) },
  ],
})

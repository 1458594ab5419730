/**
 * /activity/result?userNo=&deviceNo=&token=&id= (public): one reading and its three conclusions, by
 * the Chinese guidelines the contract cites (blood pressure, fasting blood sugar, BMI), laid out for a
 * phone. Reached from /activity; the same link parts are checked again by the server.
 */
import { Link, useSearchParams } from 'react-router-dom'
import { ACTIVITY_PATH, type PublicReport } from '@app/contract'
import { ConclusionTag, Frame, Loading, Notice } from './parts'
import { useActivityReports } from './useActivityReports'
import styles from './activity.module.css'

interface Row { name: string; value: string | null; unit: string; conclusion: string | null; hint: string }

/** The three findings; a part the device did not measure is left out. */
function rowsOf(r: PublicReport): Row[] {
  const rows: Row[] = [
    { name: '血压', value: r.systolic != null && r.diastolic != null ? `${r.systolic}/${r.diastolic}` : null, unit: 'mmHg', conclusion: r.bpConclusion, hint: '正常：收缩压 <120 且舒张压 <80' },
    { name: '空腹血糖', value: r.sugar != null ? r.sugar.toFixed(1) : null, unit: 'mmol/L', conclusion: r.sugarConclusion, hint: '正常：<6.1' },
    { name: 'BMI', value: r.bmi != null ? r.bmi.toFixed(1) : null, unit: r.height != null && r.weight != null ? `身高 ${r.height} cm · 体重 ${r.weight} kg` : '', conclusion: r.bmiConclusion, hint: '正常：18.5 至 <24' },
  ]
  return rows.filter((row) => row.value !== null)
}

export default function ActivityResultPage() {
  const [params] = useSearchParams()
  const { link, data, error, loading } = useActivityReports()
  const title = '测量结果'
  if (loading) return <Frame title={title}><Loading /></Frame>
  if (error || !data) return <Frame title={title}><Notice title="无法查看测量报告" message={error} /></Frame>
  const id = Number(params.get('id'))
  const report = data.reports.find((r) => r.id === id) ?? (params.get('id') ? undefined : data.reports[0])
  if (!report) return <Frame title={title}><Notice title="未找到该测量报告" message="请返回报告列表重新选择。" /></Frame>

  const listHref = `${ACTIVITY_PATH}?${new URLSearchParams({ userNo: link.userNo, deviceNo: link.deviceNo, token: link.token })}`
  return (
    <Frame title={title}>
      {data.reports.length > 1 && <Link className={styles.back} to={listHref}>‹ 全部报告（{data.reports.length}）</Link>}
      <div className={styles.card}>
        <h1 className={styles.title}>{data.name} 的测量结果</h1>
        <div className={styles.muted}>{report.measuredTime} · {data.companyName} · 设备 {data.deviceNo}</div>
      </div>
      <section className={styles.card} aria-label="测量结论">
        {rowsOf(report).map((row) => (
          <div key={row.name} className={styles.conclusion}>
            <div>
              <div className={styles.conclusionName}>{row.name}</div>
              <div className={styles.value}>{row.value}<span className={styles.unit}>{row.unit}</span></div>
              <div className={styles.hint}>{row.hint}</div>
            </div>
            <ConclusionTag value={row.conclusion} />
          </div>
        ))}
      </section>
      <p className={styles.muted}>结论依据《中国高血压防治指南》《中国2型糖尿病防治指南》《中国成人超重和肥胖症预防控制指南》，仅供参考，不作为诊断依据；如有异常请咨询医生。</p>
    </Frame>
  )
}

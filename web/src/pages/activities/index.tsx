/**
 * /activity?userNo=&deviceNo=&token= (public, spec 000 §2): what the QR code a device shows after a
 * reading opens. Reads the link's parts and fetches that person's reports; exactly one goes straight
 * to its result page, several are listed, a failure shows the server's message. The token is what a
 * guess lacks (DESIGN §5): without the link the device gave, the page shows nothing.
 */
import { useEffect } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { ACTIVITY_RESULT_PATH, ActivityLinkMsg } from '@app/contract'
import { ConclusionTag, Frame, Loading, Notice } from './parts'
import { resultHref, useActivityReports } from './useActivityReports'
import styles from './activity.module.css'

export default function ActivityPage() {
  const navigate = useNavigate()
  const { link, data, error, loading } = useActivityReports()
  const only = data?.reports.length === 1 ? data.reports[0] : undefined

  useEffect(() => {
    if (only) navigate(resultHref(ACTIVITY_RESULT_PATH, link, only.id), { replace: true })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [only?.id])

  if (loading || only) return <Frame title="测量报告"><Loading /></Frame>
  if (error || !data) return <Frame title="测量报告"><Notice title="无法查看测量报告" message={error} /></Frame>
  if (!data.reports.length) return <Frame title="测量报告"><Notice title={ActivityLinkMsg.none} message="测量完成后，请在设备上重新扫码查看。" /></Frame>

  return (
    <Frame title="我的测量报告">
      <div className={styles.card}>
        <h1 className={styles.title}>{data.name} 的测量报告</h1>
        <div className={styles.muted}>{data.companyName} · 设备 {data.deviceNo} · 共 {data.reports.length} 次</div>
      </div>
      <ul className={styles.list} aria-label="测量报告列表">
        {data.reports.map((r) => (
          <li key={r.id}>
            <Link className={`${styles.card} ${styles.item}`} to={resultHref(ACTIVITY_RESULT_PATH, link, r.id)}>
              <div className={styles.itemTime}>{r.measuredTime}</div>
              <div className={styles.tags}>
                <ConclusionTag label="血压" value={r.bpConclusion} />
                <ConclusionTag label="血糖" value={r.sugarConclusion} />
                <ConclusionTag label="BMI" value={r.bmiConclusion} />
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </Frame>
  )
}

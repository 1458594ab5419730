import { useEffect, type ReactNode } from 'react'
import { isAbnormal } from '@app/contract'
import styles from './activity.module.css'

/** The public report pages' frame: plain React and CSS (no antd), so a phone on a slow link shows them at once. */
export function Frame({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title
  }, [title])
  return <div className={styles.page}><main className={styles.column}>{children}</main></div>
}

export function Loading() {
  return (
    <div className={`${styles.card} ${styles.notice}`} role="status">
      <div className={styles.spinner} aria-hidden />
      <p className={styles.muted}>正在查询测量报告…</p>
    </div>
  )
}

export function Notice({ title, message }: { title: string; message?: string }) {
  return (
    <div className={`${styles.card} ${styles.notice}`} role="alert">
      <div className={styles.noticeIcon} aria-hidden>ⓘ</div>
      <h1>{title}</h1>
      {message && <p className={styles.muted}>{message}</p>}
    </div>
  )
}

/** A conclusion as a coloured label: green when 正常, orange otherwise (偏瘦 too: it is a finding). */
export function ConclusionTag({ label, value }: { label?: string; value: string | null }) {
  if (!value) return null
  return <span className={`${styles.tag} ${isAbnormal(value) ? styles.abnormal : styles.normal}`}>{label ? `${label}：` : ''}{value}</span>
}

import styles from './PageLoading.module.css'

/**
 * Centered spinner while a lazily loaded screen or the session arrives. Plain markup: it is shown
 * before antd has loaded (the login route and the first screen after it).
 */
export default function PageLoading({ tip = '正在加载…', fullscreen = false }: { tip?: string; fullscreen?: boolean }) {
  return (
    <div role="status" aria-live="polite" className={styles.loading} style={{ minHeight: fullscreen ? '100vh' : 240 }}>
      <span className={styles.spinner} aria-hidden />
      <span>{tip}</span>
    </div>
  )
}

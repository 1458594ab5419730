import { Component, type ReactNode } from 'react'
import styles from './ErrorBoundary.module.css'

/**
 * Catches a screen that failed to render or whose chunk failed to load (e.g. after a deploy), so
 * the user sees what happened and can reload instead of a blank page. Plain markup: antd's own
 * chunk may be the one that failed to load.
 */
export default class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { error: Error | null }> {
  state: { error: Error | null } = { error: null }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null })
  }

  componentDidCatch(error: Error) {
    console.error('页面出错', error)
  }

  render() {
    const { error } = this.state
    if (!error) return this.props.children
    const chunk = /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
    return (
      <div className={styles.result} role="alert">
        <div className={styles.icon} aria-hidden>!</div>
        <div className={styles.title}>{chunk ? '页面加载失败' : '页面出错了'}</div>
        <div className={styles.subTitle}>{chunk ? '系统可能刚刚更新，或网络连接中断，请刷新页面后重试。' : `页面运行时发生错误：${error.message}`}</div>
        <button type="button" className={styles.button} onClick={() => window.location.reload()}>刷新页面</button>
      </div>
    )
  }
}

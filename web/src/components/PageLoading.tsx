import { Spin } from 'antd'

/** Centered spinner while a lazily loaded screen or the session arrives. */
export default function PageLoading({ tip = '正在加载…', fullscreen = false }: { tip?: string; fullscreen?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12, minHeight: fullscreen ? '100vh' : 240, color: '#8c8c8c' }}
    >
      <Spin />
      <span>{tip}</span>
    </div>
  )
}

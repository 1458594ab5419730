import { Result } from 'antd'

/** /activity (public). Placeholder until the activity issue builds the screen. */
export default function ActivityPage() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result status="info" title="活动" subTitle="活动页面正在建设中，敬请期待。" />
    </div>
  )
}

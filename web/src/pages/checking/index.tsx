import { Result } from 'antd'

/** /checking/index (public, takes an unguessable token). Placeholder until the inspection issue builds it. */
export default function CheckingPage() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result status="info" title="检验进度" subTitle="检验进度查询页面正在建设中，敬请期待。" />
    </div>
  )
}

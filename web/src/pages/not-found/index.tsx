import { Button, Result, Typography } from 'antd'
import { Link } from 'react-router-dom'
import { useEffect } from 'react'

/** /404: unknown paths and paths outside the user's menus (spec 000 §2). */
export default function NotFoundPage() {
  useEffect(() => {
    document.title = '页面不存在 - 基地业务管理后台'
  }, [])
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f7fa' }}>
      <Result
        status="404"
        title={<span style={{ fontSize: 48, fontWeight: 700, color: '#1677ff', letterSpacing: 2 }}>OOPS!</span>}
        subTitle={
          <div style={{ maxWidth: 420, margin: '0 auto' }}>
            <Typography.Title level={4} style={{ marginTop: 0 }}>抱歉，您访问的页面无法进入</Typography.Title>
            <Typography.Paragraph type="secondary">
              该页面不存在，或您没有访问它的权限。请检查您输入的网址是否正确，或点击下面的按钮返回首页。
            </Typography.Paragraph>
          </div>
        }
        extra={
          <Link to="/">
            <Button type="primary" size="large">返回首页</Button>
          </Link>
        }
      />
    </div>
  )
}

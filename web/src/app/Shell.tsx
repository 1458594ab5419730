/**
 * The signed-in shell: loads the session's user info once (tab cache or GET /users/info), then the
 * layout with the menu routes. When the server refuses the session (spec 000 §2): login flag 0, token
 * cleared, the error shown, and the guard sends the user to /login?redirect=<path>. When the server
 * could not be reached (network error, 5xx, e.g. a reload while the server restarts), the session is
 * kept and the user may retry: nothing says it has ended. The signed-in screens' server data is
 * cached by the one QueryClient provided here (queryClient.ts).
 */
import { useEffect, useState } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { App, Button, Result } from 'antd'
import { Msg } from '@app/contract'
import { isCanceled, isUnreachable } from '../api/request'
import PageLoading from '../components/PageLoading'
import BasicLayout from './BasicLayout'
import { queryClient } from './queryClient'
import { endSession, useUserInfo } from './session'
import { loadSignedIn } from './signedIn'

export default function Shell() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedIn />
    </QueryClientProvider>
  )
}

function SignedIn() {
  const { message } = App.useApp()
  const info = useUserInfo()
  const [unreachable, setUnreachable] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (info) return
    let live = true
    loadSignedIn(location.pathname).catch((e) => {
      if (!live || isCanceled(e)) return
      if (isUnreachable(e)) {
        setUnreachable((e as Error).message)
        return
      }
      endSession()
      message.error((e as Error)?.message || Msg.verificationFailed, 5)
    })
    return () => {
      live = false
    }
  }, [info, message, attempt])

  if (!info && unreachable) {
    return (
      <Result
        status="warning"
        title="暂时无法连接服务器"
        subTitle={`${unreachable}。登录状态仍然保留，请检查网络后重试。`}
        extra={[
          <Button key="retry" type="primary" onClick={() => { setUnreachable(null); setAttempt((n) => n + 1) }}>重试</Button>,
          <Button key="logout" onClick={() => endSession()}>退出登录</Button>,
        ]}
      />
    )
  }
  if (!info) return <PageLoading fullscreen tip="正在加载用户信息…" />
  return <BasicLayout info={info} />
}

/**
 * The signed-in shell: loads the session's user info once (tab cache or GET /users/info), then the
 * layout with the menu routes. On failure (spec 000 §2): login flag 0, token cleared, the error
 * shown, and the guard sends the user to /login?redirect=<path>.
 */
import { useEffect } from 'react'
import { App } from 'antd'
import { Msg } from '@app/contract'
import { isCanceled } from '../api/request'
import PageLoading from '../components/PageLoading'
import BasicLayout from './BasicLayout'
import { endSession, loadUserInfo, useUserInfo } from './session'

export default function Shell() {
  const { message } = App.useApp()
  const info = useUserInfo()

  useEffect(() => {
    if (info) return
    let live = true
    loadUserInfo().catch((e) => {
      if (!live || isCanceled(e)) return
      endSession()
      message.error((e as Error)?.message || Msg.verificationFailed, 5)
    })
    return () => {
      live = false
    }
  }, [info, message])

  if (!info) return <PageLoading fullscreen tip="正在加载用户信息…" />
  return <BasicLayout info={info} />
}

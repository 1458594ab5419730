/**
 * /screen/embed?companyId=&timestamp=&signature= (public, spec 001 §2 "an embedded big-screen page
 * taking companyId and a timestamp"): the big screen of a signed link, filling its window (a wall
 * screen, or a frame in another site's page), asking for its figures again every SCREEN_REFRESH_MS
 * without reloading. No sign-in and no antd: the link's signature is what lets it in, and the server
 * refuses a link that was changed or has expired (the page then says so and stops asking).
 */
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { HQ_COMPANY_ID, SCREEN_REFRESH_MS, ScreenMsg, type ScreenData } from '@app/contract'
import { getEmbedScreenData } from '../../api/screens'
import { RequestError } from '../../api/request'
import ScreenBoard from '../../features/screens/ScreenBoard'

export default function ScreenEmbedPage() {
  const [params] = useSearchParams()
  const link = { companyId: params.get('companyId')?.trim() ?? '', timestamp: params.get('timestamp')?.trim() ?? '', signature: params.get('signature')?.trim() ?? '' }
  const complete = Boolean(link.companyId && link.timestamp && link.signature)
  const [state, setState] = useState<{ data?: ScreenData; error?: string }>(complete ? {} : { error: ScreenMsg.linkMissing })

  useEffect(() => {
    if (!complete) return
    const abort = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const load = () => {
      getEmbedScreenData(link, { signal: abort.signal, cancelDuplicate: false })
        .then((data) => {
          setState({ data })
          timer = setTimeout(load, SCREEN_REFRESH_MS)
        })
        .catch((e: unknown) => {
          if (abort.signal.aborted) return
          const refused = e instanceof RequestError && e.status >= 400 && e.status < 500
          // a link refused (changed or expired) stays refused: the figures go and asking stops
          setState((s) => (refused ? { error: e.message } : { data: s.data, error: e instanceof RequestError ? e.message : '网络异常，稍后自动重试' }))
          if (!refused) timer = setTimeout(load, SCREEN_REFRESH_MS)
        })
    }
    load()
    return () => {
      abort.abort()
      clearTimeout(timer)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [link.companyId, link.timestamp, link.signature])

  useEffect(() => {
    document.title = state.data ? `${state.data.title} · 数据大屏` : '数据大屏'
  }, [state.data])

  return <ScreenBoard data={state.data} error={state.error} wide={state.data ? state.data.companyId === null : link.companyId === String(HQ_COMPANY_ID)} fill />
}

import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { ActivityLinkMsg, type ActivityLinkQuery, type PublicReports } from '@app/contract'
import { getActivityReports } from '../../api/activityReports'
import { RequestError } from '../../api/request'

export interface ActivityReportsState {
  link: ActivityLinkQuery
  data?: PublicReports
  /** the server's message, or the page's own when the link lacks its parts */
  error?: string
  loading: boolean
}

/** The link's parts from the address, and what the server answers for them (no session; outside the shell's query cache). */
export function useActivityReports(): ActivityReportsState {
  const [params] = useSearchParams()
  const link = { userNo: params.get('userNo')?.trim() ?? '', deviceNo: params.get('deviceNo')?.trim() ?? '', token: params.get('token')?.trim() ?? '' }
  const complete = Boolean(link.userNo && link.deviceNo && link.token)
  const [state, setState] = useState<{ data?: PublicReports; error?: string; loading: boolean }>({ loading: complete })

  useEffect(() => {
    if (!complete) {
      setState({ loading: false, error: ActivityLinkMsg.missing })
      return
    }
    const abort = new AbortController()
    setState({ loading: true })
    getActivityReports(link, { signal: abort.signal })
      .then((data) => setState({ data, loading: false }))
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setState({ loading: false, error: e instanceof RequestError ? e.message : '网络异常，请稍后重试' })
      })
    return () => abort.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [link.userNo, link.deviceNo, link.token])

  return { link, ...state }
}

/** The address of one report's page, keeping the link's parts. */
export const resultHref = (path: string, link: ActivityLinkQuery, id: number) =>
  `${path}?${new URLSearchParams({ userNo: link.userNo, deviceNo: link.deviceNo, token: link.token, id: String(id) })}`

/** One transport read for a trace page (`?id=`): the answer, or the message why not, and reload. */
import { useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Msg } from '@app/contract'
import { isHandled, type RequestOptions } from '../../api/request'

export function useLoaded<T>(load: (id: number, opts?: RequestOptions) => Promise<T>) {
  const [params] = useSearchParams()
  const id = Number(params.get('id'))
  const valid = Number.isInteger(id) && id > 0
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true })

  const reload = useCallback(() => {
    if (!valid) {
      setState({ data: null, error: '缺少运单编号', loading: false })
      return
    }
    setState((s) => ({ ...s, loading: true }))
    load(id, { silent: true }).then(
      (data) => setState({ data, error: null, loading: false }),
      (e) => setState({ data: null, error: isHandled(e) ? null : `${Msg.fetchFailed}：${(e as Error).message}`, loading: false }),
    )
  }, [id, valid, load])

  useEffect(reload, [reload])
  return { id, params, ...state, reload }
}

/** 关闭 on the transport pages: back where the user came from (a grid keeps its filters in its URL), else the home grid. */
import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { HOME_PATH } from '../../router/paths'

export function useClose() {
  const navigate = useNavigate()
  // 'default': the page the app was opened on, so the entry before it is not this app's
  const cameFromApp = useLocation().key !== 'default'
  return useCallback(() => (cameFromApp ? navigate(-1) : navigate(HOME_PATH)), [cameFromApp, navigate])
}

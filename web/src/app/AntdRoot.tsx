/**
 * antd's providers (Chinese locale, theme, App for message/Modal hooks) around every screen but the
 * login page, which is plain React so that it is usable before antd's JavaScript has loaded and run
 * (issue: a warm login page within 0.8 s on a slow link). Loaded lazily by the router.
 */
// antd 5's static message/Modal under React 19: must come before antd
import '@ant-design/v5-patch-for-react-19'
import type { ReactNode } from 'react'
import { App as AntApp, ConfigProvider, message, Modal } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { theme } from './theme'

dayjs.locale('zh-cn')

// static message/Modal (used by the request client) get the same locale and theme
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  ),
})

/** The static toasts and dialogs, for code outside components (the request client). */
export { message, Modal }

export default function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  )
}

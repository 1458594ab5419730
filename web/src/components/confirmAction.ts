/**
 * A destructive action behind a "提示" confirm (danger 确定 / 取消): on 确定 it runs, shows
 * `successMessage` and calls `onDone`. A failure the request client showed keeps the confirm open;
 * a canceled request or a session error (already handled) just closes it.
 */
import type { ReactNode } from 'react'
import type { App } from 'antd'
import { isHandled } from '../api/request'

type AppApi = Pick<ReturnType<typeof App.useApp>, 'modal' | 'message'>

export function confirmDanger(
  { modal, message }: AppApi,
  content: ReactNode,
  run: () => Promise<unknown>,
  successMessage: string,
  onDone: () => void,
) {
  modal.confirm({
    title: '提示',
    content,
    okText: '确定',
    cancelText: '取消',
    okButtonProps: { danger: true },
    onOk: async () => {
      try {
        await run()
        message.success(successMessage)
        onDone()
      } catch (e) {
        if (!isHandled(e)) throw e
      }
    },
  })
}

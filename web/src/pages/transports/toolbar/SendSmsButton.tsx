/**
 * 发送短信 (spec 001 §2, issue 10 "Send SMS"): after a confirmation, the carriers of the selected
 * transports (or of the grid's filters) that are over tolerance get an SMS; the answer says how many
 * were sent and which carriers have no mobile number.
 */
import { useState } from 'react'
import { App, Button, Popconfirm } from 'antd'
import { MessageOutlined } from '@ant-design/icons'
import { Msg, type TransportFilters } from '@app/contract'
import { isHandled, RequestError } from '../../../api/request'
import { sendPoundDiffSms } from '../../../api/transportExports'
import { smsBody, smsConfirmText, smsOutcome } from './toolbarValues'

export interface SendSmsButtonProps {
  selectedIds: number[]
  /** the filters the grid was last loaded with */
  filters: () => TransportFilters
  size?: 'small'
}

export default function SendSmsButton({ selectedIds, filters, size }: SendSmsButtonProps) {
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)

  const send = async () => {
    setBusy(true)
    try {
      const answer = await sendPoundDiffSms(smsBody(selectedIds, filters()), { silent: true })
      const { level, text } = smsOutcome(answer.data)
      message[level](text, 6)
    } catch (e) {
      // nothing over tolerance, the allowance used up: the user can act on it, so a warning
      if (isHandled(e)) return
      if (e instanceof RequestError && e.status >= 400 && e.status < 500) message.warning(e.message, 5)
      else message.error(`${Msg.sendFailed}：${(e as Error).message}`, 5)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Popconfirm title={Msg.confirmTitle} description={smsConfirmText(selectedIds.length)} okText={Msg.confirm} cancelText={Msg.cancel} onConfirm={send}>
      <Button icon={<MessageOutlined />} loading={busy} size={size}>发送短信</Button>
    </Popconfirm>
  )
}

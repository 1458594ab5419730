/**
 * A masked phone or ID number with, for the roles allowed (contract REVEAL_ROLES), an eye that asks the
 * server for the full value: each reveal is logged there, so nothing is fetched before the click.
 * `reveal` is the row's module call (goods, bookings, inspection reports: `…/reveal/{id}`).
 */
import { useState } from 'react'
import { Button, Space, Tooltip } from 'antd'
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons'
import { mayRevealPersonalData, PERSONAL_FIELDS, type PersonalField, type RevealAnswer } from '@app/contract'
import { useUserInfo } from '../app/session'

/** Whether the signed-in user's role may reveal (the server checks it again on every reveal). */
export const useMayReveal = () => mayRevealPersonalData(useUserInfo()?.nickName)

export default function Revealable({ field, masked, allowed, reveal }: {
  field: PersonalField
  masked: string
  allowed: boolean
  reveal: () => Promise<RevealAnswer>
}) {
  const [full, setFull] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  if (!allowed || !masked) return <span>{masked}</span>
  const label = PERSONAL_FIELDS[field]
  const toggle = async () => {
    if (full) return setFull(null)
    setBusy(true)
    try {
      setFull((await reveal()).value)
    } catch {
      // the request client showed why
    } finally {
      setBusy(false)
    }
  }
  return (
    <Space size={2}>
      <span>{full ?? masked}</span>
      <Tooltip title={full ? `隐藏${label}` : `查看完整${label}（将记入日志）`}>
        <Button type="text" size="small" loading={busy} aria-label={full ? `隐藏${label}` : `查看完整${label}`}
          icon={full ? <EyeInvisibleOutlined /> : <EyeOutlined />} onClick={toggle} />
      </Tooltip>
    </Space>
  )
}

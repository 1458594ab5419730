/**
 * A masked phone or ID number with, for the roles allowed (contract REVEAL_ROLES), an eye that asks the
 * server for the full value: each reveal is logged there, so nothing is fetched before the click.
 */
import { useState } from 'react'
import { Button, Space, Tooltip } from 'antd'
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons'
import { PERSONAL_FIELDS, type PersonalField } from '@app/contract'
import * as goodsApi from '../../api/goods'

export default function Revealable({ id, field, masked, allowed }: { id: number; field: PersonalField; masked: string; allowed: boolean }) {
  const [full, setFull] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  if (!allowed) return <span>{masked}</span>
  const label = PERSONAL_FIELDS[field]
  const toggle = async () => {
    if (full) return setFull(null)
    setBusy(true)
    try {
      setFull((await goodsApi.revealGoods(id, field)).value)
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

/**
 * 批量添加 and 复制上周 of the plan screens (预约设置, 预约日历), with their dialogs; `onDone` runs after
 * either has made plans.
 */
import { useState } from 'react'
import { Button, Space } from 'antd'
import { CopyOutlined, PlusSquareOutlined } from '@ant-design/icons'
import type { CompanyOption } from '@app/contract'
import PlanBatchForm from './PlanBatchForm'
import PlanCopyWeekForm from './PlanCopyWeekForm'

export default function PlanBatchButtons({ companies, companyId, onDone }: { companies: CompanyOption[]; companyId?: number; onDone: () => void }) {
  const [open, setOpen] = useState<'batch' | 'copy' | null>(null)
  const close = (o: boolean) => { if (!o) setOpen(null) }
  const dialog = { onOpenChange: close, onSaved: onDone, companies, defaultCompanyId: companyId }
  return (
    <>
      <Space>
        <Button icon={<PlusSquareOutlined />} onClick={() => setOpen('batch')}>批量添加</Button>
        <Button icon={<CopyOutlined />} onClick={() => setOpen('copy')}>复制上周</Button>
      </Space>
      {open === 'batch' && <PlanBatchForm open {...dialog} />}
      {open === 'copy' && <PlanCopyWeekForm open {...dialog} />}
    </>
  )
}

/** 充值 (upload times) and 扩容 (sub-account quota): the base name read-only and a number. */
import { useState } from 'react'
import { ModalForm, ProFormDigit, ProFormText } from '@ant-design/pro-components'
import { HQ_COMPANY_ID, type CompanyRow } from '@app/contract'
import * as rechargeApi from '../../api/recharge'
import { newRequestId } from '../../api/request'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'

export type CountKind = 'recharge' | 'expand'

const TEXT: Record<CountKind, { title: string; label: string; max: number; ok: string }> = {
  recharge: { title: '充值', label: '充值次数', max: 1_000_000, ok: '充值成功' },
  expand: { title: '扩容', label: '新增子账号数量', max: 10_000, ok: '扩容成功' },
}

export default function CountModal({ kind, company, onClose, onSaved }: {
  kind: CountKind
  company: CompanyRow | null
  onClose: () => void
  onSaved: () => void
}) {
  const t = TEXT[kind]
  // one request id per opening of the dialog: a double click, or a retry after a lost answer, tops up once
  const [opening, setOpening] = useState(() => ({ company, requestId: newRequestId() }))
  if (opening.company !== company) setOpening({ company, requestId: newRequestId() })
  const { requestId } = opening
  return (
    <ModalForm<{ name: string; times: number }>
      title={`${t.title}：${company?.name ?? ''}`}
      open={!!company}
      onOpenChange={(o) => { if (!o) onClose() }}
      width={440}
      {...dialogFormProps(110)}
      initialValues={{ name: company?.name, times: undefined }}
      name={`company-${kind}`}
      onFinish={async ({ times }) => {
        if (!company) return false
        return submitDialog(
          () => (kind === 'recharge' ? rechargeApi.recharge(company.id, times, requestId) : rechargeApi.rechargeAmount(company.id, times, requestId)),
          (env) => env.message || t.ok,
          onSaved,
        )
      }}
    >
      <ProFormText name="name" label="基地名称" disabled />
      {kind === 'recharge' ? (
        <ProFormText label="当前剩余次数" disabled fieldProps={{ value: String(company?.remainingTimes ?? 0) }} />
      ) : (
        <ProFormText label="当前子账号" disabled fieldProps={{ value: company?.id === HQ_COMPANY_ID ? `不限，已分配 ${company.assignedUserNums} 个` : `共 ${company?.userAmount ?? 0} 个，已分配 ${company?.assignedUserNums ?? 0} 个` }} />
      )}
      <ProFormDigit
        name="times"
        label={t.label}
        placeholder={`请输入${t.label}`}
        min={1}
        max={t.max}
        fieldProps={{ precision: 0, style: { width: '100%' }, autoFocus: true }}
        rules={[{ required: true, message: `${t.label}不能为空` }]}
      />
      <HiddenSubmit />
    </ModalForm>
  )
}

/** 充值 (upload times) and 扩容 (sub-account quota): the base name read-only and a number. */
import { useState } from 'react'
import { ModalForm, ProFormDigit, ProFormText } from '@ant-design/pro-components'
import { CompanyMsg, HQ_COMPANY_ID, rechargeAmountQuery, rechargeQuery, type CompanyRow } from '@app/contract'
import * as rechargeApi from '../../api/recharge'
import { newRequestId } from '../../api/request'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'
import { zodRule } from '../../components/zodRule'

export type CountKind = 'recharge' | 'expand'

// the number is checked by the server's own rule: a field that clamped 0 to its minimum would top up 1 unasked
const TEXT = {
  recharge: { title: '充值', label: '充值次数', ok: CompanyMsg.recharged, times: rechargeQuery.shape.times },
  expand: { title: '扩容', label: '新增子账号数量', ok: CompanyMsg.expanded, times: rechargeAmountQuery.shape.times },
} as const satisfies Record<CountKind, unknown>

export default function CountModal({ kind, company, onClose, onSaved }: {
  kind: CountKind
  company: CompanyRow | null
  onClose: () => void
  onSaved: () => void
}) {
  const t = TEXT[kind]
  // one request id per opening (the list mounts the dialog anew each time): a double click, or a retry after a lost answer, tops up once
  const [requestId] = useState(newRequestId)
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
        fieldProps={{ style: { width: '100%' }, autoFocus: true }}
        rules={[zodRule(t.times)]}
      />
      <HiddenSubmit />
    </ModalForm>
  )
}

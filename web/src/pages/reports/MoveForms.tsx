/**
 * The dialogs of the inspection list's moves: 开始检验 (plate read-only, lead inspector among the base's
 * 检验员, process template from the vehicle-type list, optional station), 更换工位, 退回 (a reason) and
 * 更改状态 (the states DESIGN §5 allows from the current one).
 */
import { ModalForm, ProFormRadio, ProFormSelect, ProFormText } from '@ant-design/pro-components'
import {
  REPORT_LIMITS, REPORT_MOVES, reportMoveBody, ReportMsg, reportStartBody, reportStationBody,
  type Report, type ReportStartBody, type StationGroup, type TemplateOption, type UserChoice,
} from '@app/contract'
import * as processTemplatesApi from '../../api/processTemplates'
import * as api from '../../api/reports'
import * as groupsApi from '../../api/stationGroups'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaTextArea } from '../../components/SchemaField'
import { useChoices } from '../../components/useChoices'
import { zodRule } from '../../components/zodRule'
import { statusTargets } from './reportValues'

interface Props { open: boolean; report: Report; onOpenChange: (open: boolean) => void; onSaved: () => void }

const stationOptions = (groups: StationGroup[]) =>
  groups.map((g) => ({ label: `${g.name}${g.center ? `（${g.center}）` : ''}`, title: g.name, options: g.stations.map((s) => ({ label: s.name, value: s.id })) }))

const useStations = (companyId: number) =>
  useChoices<StationGroup>(['stationGroups', 'choices', companyId], (opts) => groupsApi.stationChoices(companyId, opts))

export function StartForm({ open, report, onOpenChange, onSaved }: Props) {
  const inspectors = useChoices<UserChoice>(['users', 'inspectors', report.companyId], (opts) => api.inspectors(report.companyId, opts))
  const templates = useChoices<TemplateOption>(['processTemplates', 'options'], processTemplatesApi.templateOptions)
  const groups = useStations(report.companyId)
  const preferred = templates.find((t) => !t.isOut && t.name === report.tankerType)
  return (
    <ModalForm<ReportStartBody & { licenseNumber: string }>
      {...dialogFormProps(100)}
      title="开始检验" open={open} onOpenChange={onOpenChange} width={520} name="report-start"
      initialValues={{ licenseNumber: report.licenseNumber }}
      onFinish={({ licenseNumber: _, ...v }) => submitDialog(() => api.startReport(report.id, v), ReportMsg.started, onSaved)}
    >
      <ProFormText name="licenseNumber" label="车牌号" readonly />
      <ProFormSelect
        name="inspectorId" label="检验负责人" rules={[zodRule(reportStartBody.shape.inspectorId)]}
        options={inspectors.map((u) => ({ label: `${u.name}（尾号${u.phoneTail}）`, value: u.id }))}
        fieldProps={{ showSearch: true, optionFilterProp: 'label', notFoundContent: '本基地没有角色为“检验员”的用户' }}
      />
      <ProFormSelect
        name="templateId" label="检验模板" rules={[zodRule(reportStartBody.shape.templateId)]}
        initialValue={preferred?.id} key={preferred?.id ?? 'none'}
        options={templates.map((t) => ({ label: `${t.name}${t.isOut ? '（非流程）' : ''} · 第${t.version}版`, value: t.id }))}
      />
      <ProFormSelect name="stationId" label="工位" placeholder="可不选" options={stationOptions(groups)} fieldProps={{ showSearch: true, optionFilterProp: 'label' }} />
      <HiddenSubmit />
    </ModalForm>
  )
}

export function StationForm({ open, report, onOpenChange, onSaved }: Props) {
  const groups = useStations(report.companyId)
  return (
    <ModalForm<{ stationId: number }>
      {...dialogFormProps(80)}
      title={`更换工位（${report.licenseNumber}）`} open={open} onOpenChange={onOpenChange} width={480} name="report-station"
      initialValues={{ stationId: report.stationId ?? undefined }}
      onFinish={(v) => submitDialog(() => api.changeStation(report.id, v.stationId), ReportMsg.stationChanged, onSaved)}
    >
      <ProFormSelect
        name="stationId" label="工位" rules={[zodRule(reportStationBody.shape.stationId)]} options={stationOptions(groups)}
        fieldProps={{ showSearch: true, optionFilterProp: 'label', notFoundContent: '本基地还没有工位，请先在“工位分组”中添加' }}
      />
      <HiddenSubmit />
    </ModalForm>
  )
}

export function ReasonForm({ open, report, onOpenChange, onSaved }: Props) {
  return (
    <ModalForm<{ reason: string }>
      {...dialogFormProps(80)}
      title={`退回报告（${report.reportNumber}）`} open={open} onOpenChange={onOpenChange} width={520} name="report-return"
      onFinish={(v) => submitDialog(() => api.changeStatus(report.id, REPORT_MOVES.return.to, { reason: v.reason }), '已退回，报告回到正在检验', onSaved)}
    >
      <SchemaTextArea
        name="reason" label="退回原因" placeholder="请写明需要补充或更正的内容" schema={reportMoveBody.unwrap().shape.reason}
        rules={[{ required: true, message: ReportMsg.returnReasonRequired }]} fieldProps={{ maxLength: REPORT_LIMITS.returnReason, showCount: true, autoSize: { minRows: 3 } }}
      />
      <HiddenSubmit />
    </ModalForm>
  )
}

export function StatusForm({ open, report, onOpenChange, onSaved }: Props) {
  const targets = statusTargets(report.status)
  return (
    <ModalForm<{ move: string; reason?: string }>
      {...dialogFormProps(80)}
      title={`更改状态（当前：${report.statusName}）`} open={open} onOpenChange={onOpenChange} width={520} name="report-status"
      onFinish={(v) => {
        const target = targets.find((t) => t.move === v.move)!
        return submitDialog(() => (target.move === 'void' ? api.cancelReport(report.id) : api.changeStatus(report.id, target.to, { reason: v.reason })), ReportMsg.statusChanged, onSaved)
      }}
    >
      <ProFormRadio.Group
        name="move" label="改为" rules={[{ required: true, message: '请选择要改为的状态' }]}
        options={targets.map((t) => ({ label: t.label, value: t.move }))} fieldProps={{ optionType: 'default' }}
      />
      {targets.some((t) => t.move === 'return') && (
        <SchemaTextArea name="reason" label="退回原因" placeholder="退回时必填" schema={reportMoveBody.unwrap().shape.reason} fieldProps={{ maxLength: REPORT_LIMITS.returnReason }} />
      )}
      <HiddenSubmit />
    </ModalForm>
  )
}

/**
 * 检验登记 (menu component key 'trace'; spec 000 §2 "Inspection registration list"): reports searched by
 * number, plate, driver, phone, unit, vehicle type, process or not, centre or base, status, expiry and
 * registration time; configurable columns ('/' for empty; the rarely read ones start hidden so the rest fit
 * 1440 px, 状态 and 检验结果 after the plate), scene photos, 10 a page; the centre and
 * status are remembered for the browser session. Row actions follow the report's status (DESIGN §5).
 */
import { useMemo, useState } from 'react'
import { App, Button, Dropdown, Space, Tag } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { useNavigate } from 'react-router-dom'
import {
  EXPIRY_LEVELS, HQ_COMPANY_ID, INSPECTION_CENTERS, REPORT_MOVES, REPORT_PAGE_SIZE, REPORT_TYPES, ReportMsg, TANKER_TYPES,
  type Report, type ReportMove, type ReportQuery,
} from '@app/contract'
import * as attachmentsApi from '../../api/attachments'
import * as api from '../../api/reports'
import { isHandled, saveBlob } from '../../api/request'
import { useUserInfo } from '../../app/session'
import { actionColumn } from '../../components/actionColumn'
import { companyChoices, companyColumn, useCompanyOptions } from '../../components/companies'
import { DATE_RANGE_PROPS, toDateRange } from '../../components/dateRange'
import { shownWidth } from '../../components/fitColumns'
import ListPage from '../../components/ListPage'
import { openInNewTab } from '../../components/openInNewTab'
import Revealable, { useMayReveal } from '../../components/Revealable'
import { useListPage } from '../../components/useListPage'
import RegisterForm from './RegisterForm'
import StatusTag from './StatusTag'
import { ReasonForm, StartForm, StationForm, StatusForm } from './MoveForms'
import {
  ACTION_LABELS, blank, CONFIRMS, readRemembered, remember, reportColumnsState, rowActions, statusOptions, type ReportAction,
} from './reportValues'

const options = (values: readonly string[]) => values.map((v) => ({ label: v, value: v }))

/** a status move's dialog (车辆登记 and 编辑登记 are the list page's add/edit dialog) */
type Dialog = { kind: 'start' | 'station' | 'return' | 'status'; report: Report } | null

/** Opens a file the server answers (a scene photo, the PDF) in a new tab, or saves it. */
async function openFile(load: () => Promise<{ blob: Blob; filename: string }>, inline: boolean) {
  if (inline) return openInNewTab(load)
  try {
    const { blob, filename } = await load()
    saveBlob(blob, filename)
  } catch (e) {
    if (!isHandled(e)) throw e
  }
}

export default function ReportsPage() {
  const info = useUserInfo()
  const headquarters = info?.companyId === HQ_COMPANY_ID
  const page = useListPage<Report>()
  const navigate = useNavigate()
  const { modal, message } = App.useApp()
  const companies = useCompanyOptions({ enabled: headquarters })
  const [dialog, setDialog] = useState<Dialog>(null)
  const remembered = useMemo(() => readRemembered(sessionStorage), [])
  const mayReveal = useMayReveal()

  const move = async (r: Report, m: ReportMove) => {
    try {
      const to = REPORT_MOVES[m].to
      await (m === 'void' ? api.cancelReport(r.id) : api.changeStatus(r.id, to))
      message.success(m === 'void' ? ReportMsg.cancelled : `${REPORT_MOVES[m].label}成功`)
      page.reload()
    } catch (e) {
      if (!isHandled(e)) throw e
    }
  }

  const act = (r: Report, a: ReportAction) => {
    switch (a) {
      case 'edit': return page.openEdit(r)
      case 'start': return setDialog({ kind: 'start', report: r })
      case 'station': return setDialog({ kind: 'station', report: r })
      case 'return': return setDialog({ kind: 'return', report: r })
      case 'status': return setDialog({ kind: 'status', report: r })
      case 'records': return navigate(`/trace/workflow?id=${r.id}`)
      case 'checking': return navigate(`/trace/checking?id=${r.id}`)
      case 'overview': return navigate(`/trace/overview?id=${r.id}`)
      case 'diagram': return navigate(`/diagramDetail/index?id=${r.id}`)
      case 'pdf': return void openFile(() => api.reportPdf(r.id), true)
      default: {
        const confirm = CONFIRMS[a]
        if (!confirm) return
        modal.confirm({ title: '提示', content: confirm, okText: '确定', cancelText: '取消', onOk: () => move(r, a) })
      }
    }
  }

  const centerField: ProColumns<Report> = headquarters
    ? {
      title: '中心/基地', dataIndex: 'center', hideInTable: true, valueType: 'cascader',
      initialValue: remembered.center ? (INSPECTION_CENTERS.includes(remembered.center as never) ? ['center', remembered.center] : ['base', Number(remembered.center)]) : undefined,
      fieldProps: {
        placeholder: '全部', changeOnSelect: false, showSearch: true,
        options: [
          { label: '按中心', value: 'center', children: options(INSPECTION_CENTERS) },
          { label: '按基地', value: 'base', children: companyChoices(companies) },
        ],
      },
      search: { transform: (v: unknown[]) => ({ center: v?.length === 2 ? String(v[1]) : undefined }) },
    }
    : {
      title: '所属中心', dataIndex: 'center', hideInTable: true, valueType: 'select', initialValue: remembered.center,
      fieldProps: { options: options(INSPECTION_CENTERS), placeholder: '全部' },
    }

  // 状态 and 检验结果 right after the plate; the rarely read columns start hidden (REPORT_COLUMNS_HIDDEN) and are
  // one click away in 列设置. In the search form (order) the remembered 状态 and centre come first, so the
  // folded form still shows them and a filtered list never looks like the whole list.
  const columns: ProColumns<Report>[] = [
    { title: '报告编号', dataIndex: 'reportNumber', width: 165, copyable: true, order: 7, fieldProps: { placeholder: '请输入报告编号', maxLength: 30 } },
    { title: '车牌号', dataIndex: 'licenseNumber', width: 90, order: 8, fieldProps: { placeholder: '请输入车牌号', maxLength: 20 } },
    {
      title: '状态', dataIndex: 'status', width: 90, valueType: 'select', initialValue: remembered.status, order: 10,
      fieldProps: { options: statusOptions, placeholder: '全部' }, render: (_, r) => <StatusTag row={r} />,
    },
    {
      title: '检验结果', dataIndex: 'result', width: 88, hideInSearch: true,
      render: (_, r) => (r.result ? <Tag color={r.result === '合格' ? 'green' : 'red'}>{r.result}</Tag> : '—'),
    },
    { title: '车辆类型', dataIndex: 'tankerType', width: 100, valueType: 'select', fieldProps: { options: options(TANKER_TYPES), placeholder: '全部' } },
    { title: '罐体编号', dataIndex: 'tankerNumber', width: 130, hideInSearch: true, render: (_, r) => blank(r.tankerNumber) },
    { title: '单位', dataIndex: 'org', width: 130, ellipsis: true, fieldProps: { placeholder: '请输入单位', maxLength: 100 }, render: (_, r) => blank(r.org) },
    { title: '驾驶员', dataIndex: 'contactName', width: 75, fieldProps: { placeholder: '请输入姓名', maxLength: 50 } },
    {
      title: '电话', dataIndex: 'phone', width: 120, ellipsis: false, fieldProps: { placeholder: '完整的11位手机号', maxLength: 20 },
      render: (_, r) => <Revealable field="phone" masked={r.phone} allowed={mayReveal} reveal={() => api.revealPhone(r.id)} />,
    },
    { title: '最近装载介质', dataIndex: 'latestMaterial', width: 110, hideInSearch: true, render: (_, r) => blank(r.latestMaterial) },
    { title: '有效期', dataIndex: 'outdate', width: 105, hideInSearch: true, render: (_, r) => blank(r.outdate) },
    {
      title: '检验类型', dataIndex: 'isOut', width: 100, valueType: 'select',
      fieldProps: { placeholder: '全部', options: [{ label: REPORT_TYPES.process, value: 'false' }, { label: REPORT_TYPES.out, value: 'true' }] },
      render: (_, r) => blank(r.typeName),
    },
    { ...centerField, order: 9 },
    companyColumn(companies, { inTable: headquarters, inSearch: false, width: 140 }),
    { title: '中心', dataIndex: 'centerName', width: 100, hideInSearch: true, render: (_, r) => blank(r.center) },
    { title: '工位', dataIndex: 'stationName', width: 100, hideInSearch: true, render: (_, r) => blank(r.stationName) },
    { title: '检验负责人', dataIndex: 'inspectorName', width: 100, hideInSearch: true, render: (_, r) => blank(r.inspectorName) },
    {
      title: '到期提醒', dataIndex: 'expiry', width: 120, valueType: 'select',
      fieldProps: { placeholder: '全部', options: Object.entries(EXPIRY_LEVELS).map(([value, l]) => ({ label: l.label, value })) },
      render: (_, r) => (r.expiry ? <Tag color={r.expiry.level === 'overdue' ? 'red' : 'orange'}>{r.expiry.label}</Tag> : blank(r.nextInspectionDate)),
    },
    {
      title: '现场照片', dataIndex: 'images', width: 110, hideInSearch: true,
      render: (_, r) => (r.images.length
        ? <Space size={4} wrap>{r.images.map((img, i) => <a key={img.id} title={img.name} onClick={() => void openFile(() => attachmentsApi.fetchAttachment(img.id), true)}>照片{i + 1}</a>)}</Space>
        : '—'),
    },
    {
      title: '登记时间', dataIndex: 'createTime', width: 165, valueType: 'dateRange',
      fieldProps: DATE_RANGE_PROPS,
      search: { transform: (value: unknown) => ({ createTime: toDateRange(value) }) },
      render: (_, r) => r.createTimeStr,
    },
    actionColumn<Report>(190, (r) => {
      const actions = rowActions(r)
      const inline = actions.slice(0, 2)
      const more = actions.slice(2)
      return (
        <Space size={8} style={{ whiteSpace: 'nowrap' }}>
          {inline.map((a) => <a key={a} onClick={() => act(r, a)}>{ACTION_LABELS[a]}</a>)}
          {more.length > 0 && (
            <Dropdown menu={{ items: more.map((a) => ({ key: a, label: ACTION_LABELS[a], danger: a === 'void' })), onClick: ({ key }) => act(r, key as ReportAction) }}>
              <a>更多</a>
            </Dropdown>
          )}
        </Space>
      )
    }),
  ]

  const columnsState = reportColumnsState(headquarters)
  const close = (open: boolean) => { if (!open) setDialog(null) }
  const saved = () => { setDialog(null); page.reload() }
  return (
    <>
      <ListPage
        headerTitle="检验登记"
        noun="检验登记"
        page={page}
        dialog={(form) => (
          <RegisterForm {...form} report={form.editing ?? undefined} companies={headquarters ? companies : []} />
        )}
        columns={columns}
        scroll={{ x: shownWidth(columns, columnsState.defaultValue) }}
        form={{ name: 'trace-search' }}
        columnsState={columnsState}
        pageSize={REPORT_PAGE_SIZE}
        searchCollapsed
        list={(q: ReportQuery) => {
          remember(sessionStorage, { center: q.center, status: q.status })
          return api.findReports(q)
        }}
        buttons={[<Button key="tankers" onClick={() => navigate('/trace/tankers')}>罐车选择</Button>]}
        exportList={(filters, opts) => api.exportReports(info?.companyId ?? HQ_COMPANY_ID, filters as ReportQuery, opts)}
      />
      {dialog?.kind === 'start' && <StartForm open report={dialog.report} onOpenChange={close} onSaved={saved} />}
      {dialog?.kind === 'station' && <StationForm open report={dialog.report} onOpenChange={close} onSaved={saved} />}
      {dialog?.kind === 'return' && <ReasonForm open report={dialog.report} onOpenChange={close} onSaved={saved} />}
      {dialog?.kind === 'status' && <StatusForm open report={dialog.report} onOpenChange={close} onSaved={saved} />}
    </>
  )
}

/**
 * 日志 (spec 001 §2 Log page, §3, §7, §9): the run log searched by keyword, type and date range;
 * add, edit, delete, export (of what the filters select).
 */
import { useRef, useState } from 'react'
import { Button, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { LOG_LEVELS, PAGE_SIZE_OPTIONS, type LogEntry } from '@app/contract'
import * as logsApi from '../../api/logs'
import { useUserInfo } from '../../app/session'
import DeleteAction from '../../components/DeleteAction'
import ExportButton from '../../components/ExportButton'
import { loadTable } from '../../components/listQuery'
import LogForm from './LogForm'
import { LOG_LEVEL_COLORS, LOG_LEVEL_ENUM, logFilters } from './logValues'

const empty = <Typography.Text type="secondary">—</Typography.Text>

export default function LogPage() {
  const info = useUserInfo()
  const actionRef = useRef<ActionType>(null)
  /** the filters of the list as last loaded: what 导出 exports */
  const lastFilters = useRef<ReturnType<typeof logFilters>>({})
  const [form, setForm] = useState<{ open: boolean; editing: LogEntry | null; key: number }>({ open: false, editing: null, key: 0 })
  const openForm = (editing: LogEntry | null) => setForm((f) => ({ open: true, editing, key: f.key + 1 }))

  const columns: ProColumns<LogEntry>[] = [
    {
      title: '关键字', dataIndex: 'keyword', hideInTable: true,
      fieldProps: { placeholder: '内容、流水号或账号', maxLength: 100 },
    },
    { title: '流水号', dataIndex: 'serialNumber', hideInSearch: true, width: 190, copyable: true, render: (dom, r) => (r.serialNumber ? dom : empty) },
    {
      title: '类型', dataIndex: 'level', width: 80, valueType: 'select', valueEnum: LOG_LEVEL_ENUM,
      fieldProps: { placeholder: '全部' },
      render: (_, r) => <Tag color={LOG_LEVEL_COLORS[r.level]}>{LOG_LEVELS[r.level]}</Tag>,
    },
    {
      title: '内容', dataIndex: 'errorMes', hideInSearch: true,
      render: (_, r) => <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 3, expandable: 'collapsible' }}>{r.errorMes}</Typography.Paragraph>,
    },
    { title: '账号', dataIndex: 'phone', hideInSearch: true, width: 130, render: (_, r) => r.phone || empty },
    { title: '时间', dataIndex: 'createTimeStr', hideInSearch: true, width: 170 },
    { title: '时间', dataIndex: 'createTimeQuery', hideInTable: true, valueType: 'dateRange', fieldProps: { placeholder: ['开始日期', '结束日期'] } },
    {
      title: '操作', valueType: 'option', width: 110, fixed: 'right',
      render: (_, r) => [
        <a key="edit" onClick={() => openForm(r)}>编辑</a>,
        <DeleteAction
          key="delete"
          description="是否确定删除该日志？"
          onDelete={() => logsApi.deleteLog(r.id)}
          onDeleted={() => actionRef.current?.reload()}
        />,
      ],
    },
  ]

  return (
    <>
      <ProTable<LogEntry>
        rowKey="id"
        headerTitle="日志列表"
        actionRef={actionRef}
        columns={columns}
        scroll={{ x: 1000 }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        form={{ name: 'log-search' }}
        pagination={{ defaultPageSize: 20, pageSizeOptions: PAGE_SIZE_OPTIONS, showSizeChanger: true, showQuickJumper: true }}
        options={{ density: true, fullScreen: false, reload: true, setting: true }}
        locale={{ emptyText: '暂无日志' }}
        request={(params) => {
          const { current, pageSize, ...values } = params
          lastFilters.current = logFilters(values)
          return loadTable(logsApi.findLogs({ page: current ?? 1, size: pageSize ?? 20, ...lastFilters.current }))
        }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>新增</Button>,
          <ExportButton
            key="export"
            disabled={!info}
            run={(opts) => logsApi.exportLogs(info!.companyId, lastFilters.current, opts)}
          />,
        ]}
      />
      <LogForm
        key={form.key}
        open={form.open}
        editing={form.editing}
        defaultPhone={info?.phone}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
        onSaved={() => actionRef.current?.reload()}
      />
    </>
  )
}

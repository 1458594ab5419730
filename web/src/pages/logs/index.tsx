/**
 * 日志 (spec 001 §2 Log page, §3, §7, §9): the run log searched by keyword, type and date range;
 * add, edit, delete, export (of what the filters select).
 */
import { Tag, Typography } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { LOG_LEVELS, type LogEntry } from '@app/contract'
import * as logsApi from '../../api/logs'
import { useUserInfo } from '../../app/session'
import { editDeleteColumn } from '../../components/actionColumn'
import { createTimeColumn } from '../../components/dateRange'
import ListPage from '../../components/ListPage'
import { useListPage } from '../../components/useListPage'
import LogForm from './LogForm'
import { LOG_LEVEL_COLORS, LOG_LEVEL_OPTIONS, logFilters } from './logValues'

const empty = <Typography.Text type="secondary">—</Typography.Text>

export default function LogPage() {
  const info = useUserInfo()
  const page = useListPage<LogEntry>()

  const columns: ProColumns<LogEntry>[] = [
    {
      title: '关键字', dataIndex: 'keyword', hideInTable: true,
      fieldProps: { placeholder: '内容、流水号或账号', maxLength: 100 },
    },
    { title: '流水号', dataIndex: 'serialNumber', hideInSearch: true, width: 190, copyable: true, render: (dom, r) => (r.serialNumber ? dom : empty) },
    {
      title: '类型', dataIndex: 'level', width: 80, valueType: 'select',
      fieldProps: { placeholder: '全部', options: LOG_LEVEL_OPTIONS },
      render: (_, r) => <Tag color={LOG_LEVEL_COLORS[r.level]}>{LOG_LEVELS[r.level]}</Tag>,
    },
    {
      title: '内容', dataIndex: 'errorMes', hideInSearch: true,
      render: (_, r) => <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 3, expandable: 'collapsible' }}>{r.errorMes}</Typography.Paragraph>,
    },
    { title: '账号', dataIndex: 'phone', hideInSearch: true, width: 130, render: (_, r) => r.phone || empty },
    createTimeColumn('时间', 170),
    editDeleteColumn(110, {
      onEdit: page.openEdit,
      remove: (r) => ({ description: '是否确定删除该日志？', onDelete: () => logsApi.deleteLog(r.id), onDeleted: page.reload }),
    }),
  ]

  return (
    <ListPage
      headerTitle="日志列表"
      noun="日志"
      page={page}
      dialog={(form) => <LogForm {...form} defaultPhone={info?.phone} />}
      columns={columns}
      scroll={{ x: 1000 }}
      form={{ name: 'log-search' }}
      list={logsApi.findLogs}
      filters={logFilters}
      exportList={info ? (filters, opts) => logsApi.exportLogs(info.companyId, filters, opts) : undefined}
    />
  )
}

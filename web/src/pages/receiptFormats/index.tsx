/**
 * 票据格式 (spec 001 §2 Rule/format page, §3, §7, §8): formats searchable by name and type; add, edit,
 * delete (the fallback format, id 3, cannot be deleted), export; the rule count opens 取值规则 filtered
 * by the format.
 */
import { Link } from 'react-router-dom'
import { Space, Tag, Tooltip, Typography } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { PROTECTED_FORMAT_ID, TICKET_TYPES, type ReceiptFormat } from '@app/contract'
import * as formatsApi from '../../api/receiptFormats'
import { useUserInfo } from '../../app/session'
import { editDeleteColumn } from '../../components/actionColumn'
import ListPage from '../../components/ListPage'
import { useMenuPath } from '../../components/menuPath'
import { fieldLabel, TICKET_TYPE_COLORS, TICKET_TYPE_ENUM } from '../../components/ticketFields'
import { useListPage } from '../../components/useListPage'
import FormatForm from './FormatForm'
import { DELETE_FORMAT_CONFIRM } from './formatValues'

const empty = <Typography.Text type="secondary">—</Typography.Text>

export default function ReceiptFormatsPage() {
  const info = useUserInfo()
  const rulePath = useMenuPath('rule', '/bill/rule')
  const page = useListPage<ReceiptFormat>()

  const columns: ProColumns<ReceiptFormat>[] = [
    {
      title: '名称', dataIndex: 'name', width: 160, ellipsis: true,
      fieldProps: { placeholder: '请输入名称', maxLength: 100 },
    },
    {
      title: '类型', dataIndex: 'type', width: 80, valueType: 'select', valueEnum: TICKET_TYPE_ENUM,
      fieldProps: { placeholder: '全部' },
      render: (_, r) => <Tag color={TICKET_TYPE_COLORS[r.type]}>{TICKET_TYPES[r.type]}</Tag>,
    },
    {
      title: '匹配规则', dataIndex: 'regular', hideInSearch: true, width: 200, ellipsis: true,
      render: (_, r) => r.regular
        ? <Typography.Text code title={r.regular}>{r.regular}</Typography.Text>
        : <Tooltip title="匹配规则为空：匹配该类型的所有票据"><Tag>匹配全部</Tag></Tooltip>,
    },
    { title: '权重', dataIndex: 'rankcom', hideInSearch: true, width: 64, align: 'right' },
    {
      title: '排除关键字', dataIndex: 'excludeKeywords', hideInSearch: true, width: 110, ellipsis: true,
      render: (_, r) => r.excludeKeywords || empty,
    },
    {
      title: '必填字段', dataIndex: 'requiredFields', hideInSearch: true, width: 170,
      render: (_, r) => r.requiredFields?.length
        ? <Space size={[0, 4]} wrap>{r.requiredFields.map((f) => <Tag key={f} title={f}>{fieldLabel(f)}</Tag>)}</Space>
        : empty,
    },
    {
      title: '取值规则', dataIndex: 'ruleCount', hideInSearch: true, width: 84, align: 'right',
      render: (_, r) => (
        <Link to={`${rulePath}?receiptFormatId=${r.id}`} title={`查看“${r.name}”的取值规则`} data-testid={`rule-count-${r.id}`}>
          {r.ruleCount} 条
        </Link>
      ),
    },
    {
      title: '描述', dataIndex: 'description', hideInSearch: true, ellipsis: true, width: 180,
      render: (_, r) => r.description || empty,
    },
    { title: '创建时间', dataIndex: 'createTime', hideInSearch: true, width: 160 },
    editDeleteColumn(170, {
      onEdit: page.openEdit,
      links: (r) => [<Link key="rules" to={`${rulePath}?receiptFormatId=${r.id}`}>取值规则</Link>],
      remove: (r) => ({
        description: <div style={{ maxWidth: 300 }}>{DELETE_FORMAT_CONFIRM}</div>,
        disabledReason: r.id === PROTECTED_FORMAT_ID ? '系统默认的兜底格式，不能删除' : undefined,
        onDelete: () => formatsApi.deleteFormat(r.id),
        onDeleted: page.reload,
      }),
    }),
  ]

  return (
    <ListPage
      headerTitle="票据格式"
      noun="票据格式"
      page={page}
      dialog={(form) => <FormatForm {...form} />}
      columns={columns}
      scroll={{ x: 1320 }}
      form={{ name: 'format-search' }}
      list={formatsApi.findFormats}
      exportList={info ? (_filters, opts) => formatsApi.exportFormats(info.companyId, opts) : undefined}
    />
  )
}

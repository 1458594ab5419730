/**
 * 检验指标 (menu component key 'indicator'): headquarters' library of check items (name, kind, unit
 * and range, options, required) that a template step can copy; searched by name and kind; export.
 */
import { Tag } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { CHECK_ITEM_KIND_LABELS, CHECK_ITEM_KINDS, type Indicator, type IndicatorQuery } from '@app/contract'
import * as api from '../../api/indicators'
import { useUserInfo } from '../../app/session'
import { editDeleteColumn } from '../../components/actionColumn'
import ListPage from '../../components/ListPage'
import { useListPage } from '../../components/useListPage'
import IndicatorForm from './IndicatorForm'

const rangeText = (r: Indicator) => (r.min != null || r.max != null ? `${r.min ?? ''} ~ ${r.max ?? ''}` : '不限')

export default function IndicatorsPage() {
  const info = useUserInfo()
  const page = useListPage<Indicator>()
  const columns: ProColumns<Indicator>[] = [
    { title: '指标名称', dataIndex: 'name', width: 200, ellipsis: true, fieldProps: { placeholder: '请输入指标名称', maxLength: 50 } },
    {
      title: '类型', dataIndex: 'kind', width: 120, valueType: 'select',
      fieldProps: { placeholder: '全部类型', options: CHECK_ITEM_KINDS.map((k) => ({ value: k, label: CHECK_ITEM_KIND_LABELS[k] })) },
      render: (_, r) => <Tag>{CHECK_ITEM_KIND_LABELS[r.kind]}</Tag>,
    },
    { title: '单位', dataIndex: 'unit', hideInSearch: true, width: 80, render: (_, r) => r.unit || '—' },
    { title: '允许范围 / 选项', key: 'range', hideInSearch: true, width: 200, ellipsis: true,
      render: (_, r) => (r.kind === 'number' ? rangeText(r) : r.kind === 'choice' ? r.options.join(' / ') : '—') },
    { title: '必填', dataIndex: 'required', hideInSearch: true, width: 70, render: (_, r) => (r.required ? '是' : '否') },
    { title: '备注', dataIndex: 'remarks', hideInSearch: true, ellipsis: true, render: (_, r) => r.remarks || '—' },
    editDeleteColumn(110, {
      onEdit: page.openEdit,
      remove: (r) => ({ description: `确定删除检验指标「${r.name}」吗？已保存的模板不受影响。`, onDelete: () => api.deleteIndicator(r.id), onDeleted: page.reload }),
    }),
  ]
  return (
    <ListPage
      headerTitle="检验指标"
      noun="检验指标"
      page={page}
      dialog={(form) => <IndicatorForm {...form} />}
      columns={columns}
      form={{ name: 'indicator-search' }}
      list={(q: IndicatorQuery) => api.findIndicators(q)}
      exportList={info ? (filters, opts) => api.exportIndicators(info.companyId, filters, opts) : undefined}
    />
  )
}

/**
 * 物料列表 (menu component key 'material'): headquarters' materials every base stocks and sells
 * (name, type, specification, unit, list price in yuan, low-stock threshold), searched by name, type
 * and status; add, edit, 停用 / 启用, delete (a material with stock or records answers the server's
 * message: it can only be retired), export.
 */
import { App, Tag } from 'antd'
import type { ProColumns } from '@ant-design/pro-components'
import { formatYuan, type Material, type MaterialQuery } from '@app/contract'
import * as api from '../../api/materials'
import { useUserInfo } from '../../app/session'
import { editDeleteColumn } from '../../components/actionColumn'
import { confirmDanger } from '../../components/confirmAction'
import ListPage from '../../components/ListPage'
import { useChoices } from '../../components/useChoices'
import { useListPage } from '../../components/useListPage'
import MaterialForm from './MaterialForm'
import { materialFilters, quantityInput, STATUS_OPTIONS } from './materialValues'

export default function MaterialsPage() {
  const info = useUserInfo()
  const app = App.useApp()
  const page = useListPage<Material>()
  const types = useChoices(['materialTypes'], api.allMaterialTypes)
  const typeOptions = types.map((t) => ({ value: t.id, label: t.name }))

  const setRetired = (r: Material, retired: boolean) => {
    const run = () => api.updateMaterial(r.id, { retired })
    if (!retired) {
      void run().then(() => { app.message.success(`已启用物料「${r.name}」`); page.reload() }, () => undefined)
      return
    }
    confirmDanger(app, `停用后各基地不能再入库、供货或销售物料「${r.name}」，已有库存和记录保留。确定停用吗？`, run, `已停用物料「${r.name}」`, page.reload)
  }

  const columns: ProColumns<Material>[] = [
    { title: '物料名称', dataIndex: 'name', width: 180, ellipsis: true, fieldProps: { placeholder: '请输入物料名称', maxLength: 50 } },
    {
      title: '物料类型', dataIndex: 'typeId', width: 120, valueType: 'select',
      fieldProps: { placeholder: '全部类型', options: typeOptions, showSearch: true, optionFilterProp: 'label' },
      render: (_, r) => r.typeName,
    },
    { title: '规格', dataIndex: 'specification', hideInSearch: true, width: 140, ellipsis: true, render: (_, r) => r.specification || '—' },
    { title: '单位', dataIndex: 'unit', hideInSearch: true, width: 70 },
    { title: '零售价（元）', dataIndex: 'listPrice', hideInSearch: true, width: 110, align: 'right', render: (_, r) => formatYuan(r.listPrice) },
    { title: '库存预警值', dataIndex: 'lowStock', hideInSearch: true, width: 110, align: 'right', render: (_, r) => quantityInput(r.lowStock) || '不预警' },
    {
      title: '状态', dataIndex: 'status', width: 80, valueType: 'select', fieldProps: { placeholder: '全部', options: STATUS_OPTIONS },
      render: (_, r) => <Tag color={r.status === '在用' ? 'green' : 'default'}>{r.status}</Tag>,
    },
    { title: '创建时间', dataIndex: 'createTime', hideInSearch: true, width: 170 },
    editDeleteColumn(150, {
      onEdit: page.openEdit,
      links: (r) => [
        <a key="retire" onClick={() => setRetired(r, r.status === '在用')}>{r.status === '在用' ? '停用' : '启用'}</a>,
      ],
      remove: (r) => ({
        description: `确定删除物料「${r.name}」吗？已有库存、出入库、供货或销售记录的物料不能删除，只能停用。`,
        onDelete: () => api.deleteMaterial(r.id),
        onDeleted: page.reload,
      }),
    }),
  ]

  return (
    <ListPage
      headerTitle="物料列表"
      noun="物料"
      page={page}
      dialog={(form) => <MaterialForm {...form} typeOptions={typeOptions} />}
      columns={columns}
      form={{ name: 'material-search' }}
      list={(q: MaterialQuery) => api.findMaterials(q)}
      filters={materialFilters}
      exportList={info ? (filters, opts) => api.exportMaterials(info.companyId, filters, opts) : undefined}
    />
  )
}

/**
 * 物料类型 (menu component key 'materialType'): headquarters' kinds of material (铅封, 合格证, 标贴 …),
 * searched by name, with how many materials each holds; add, edit, delete (a type still holding
 * materials answers the server's message), export.
 */
import type { ProColumns } from '@ant-design/pro-components'
import type { MaterialType } from '@app/contract'
import * as api from '../../api/materials'
import { useUserInfo } from '../../app/session'
import { editDeleteColumn } from '../../components/actionColumn'
import ListPage from '../../components/ListPage'
import { useListPage } from '../../components/useListPage'
import MaterialTypeForm from './MaterialTypeForm'

export default function MaterialTypesPage() {
  const info = useUserInfo()
  const page = useListPage<MaterialType>()
  const columns: ProColumns<MaterialType>[] = [
    { title: '类型名称', dataIndex: 'name', width: 200, ellipsis: true, fieldProps: { placeholder: '请输入类型名称', maxLength: 50 } },
    { title: '物料数', dataIndex: 'materialCount', hideInSearch: true, width: 90, align: 'right' },
    { title: '备注', dataIndex: 'remark', hideInSearch: true, ellipsis: true, render: (_, r) => r.remark || '—' },
    { title: '创建时间', dataIndex: 'createTime', hideInSearch: true, width: 170 },
    editDeleteColumn(110, {
      onEdit: page.openEdit,
      remove: (r) => ({
        description: `确定删除物料类型「${r.name}」吗？`,
        disabledReason: r.materialCount > 0 ? `该类型下还有${r.materialCount}种物料，不能删除` : undefined,
        onDelete: () => api.deleteMaterialType(r.id),
        onDeleted: page.reload,
      }),
    }),
  ]
  return (
    <ListPage
      headerTitle="物料类型"
      noun="物料类型"
      page={page}
      dialog={(form) => <MaterialTypeForm {...form} />}
      columns={columns}
      form={{ name: 'material-type-search' }}
      list={api.findMaterialTypes}
      exportList={info ? (filters, opts) => api.exportMaterialTypes(info.companyId, filters, opts) : undefined}
    />
  )
}

/** 新增/编辑物料类型: a name (unique) and an optional remark. */
import { ModalForm } from '@ant-design/pro-components'
import { materialTypeBody, type MaterialType, type MaterialTypeBody } from '@app/contract'
import * as api from '../../api/materials'
import { editDialog, saveBody, type EditDialogProps } from '../../components/editDialog'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaText, SchemaTextArea } from '../../components/SchemaField'

const fields = materialTypeBody.shape

interface Values { name: string; remark?: string }

const bodyOf = (v: Values): MaterialTypeBody => ({ name: v.name.trim(), remark: (v.remark ?? '').trim() || null })

export default function MaterialTypeForm(dialog: EditDialogProps<MaterialType>) {
  const { editing } = dialog
  return (
    <ModalForm<Values>
      {...editDialog(dialog, { noun: '物料类型', labelWidth: 80, ...saveBody(api.saveMaterialType, api.updateMaterialType, bodyOf) })}
      width={520}
      initialValues={editing ? { name: editing.name, remark: editing.remark ?? '' } : {}}
      name="material-type"
    >
      <SchemaText name="name" label="类型名称" placeholder="如 铅封、合格证" schema={fields.name} />
      <SchemaTextArea name="remark" label="备注" placeholder="可不填" schema={fields.remark} fieldProps={{ autoSize: { minRows: 2, maxRows: 5 } }} />
      <HiddenSubmit />
    </ModalForm>
  )
}

/**
 * 新增/编辑物料: name, type, specification, unit, list price typed in yuan (sent as fen) and the
 * low-stock threshold (blank: no warning); each field checked by the contract's schema of it.
 */
import { ModalForm, ProFormSelect, ProFormText } from '@ant-design/pro-components'
import { materialBody, yuanPrice, type Material } from '@app/contract'
import * as api from '../../api/materials'
import { editDialog, saveBody, type EditDialogProps } from '../../components/editDialog'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaText } from '../../components/SchemaField'
import { zodRule } from '../../components/zodRule'
import { materialBodyOf, materialFormValues, type MaterialFormValues } from './materialValues'

const fields = materialBody.shape
const price = yuanPrice('零售价')
const lowStockRule = zodRule(fields.lowStock)
/** a cleared input ('') is no threshold, as one never filled */
const blankAllowed = { validator: (rule: unknown, value: unknown) => lowStockRule.validator(rule, value === '' ? undefined : value) }

export default function MaterialForm({ typeOptions, ...dialog }: EditDialogProps<Material> & { typeOptions: { value: number; label: string }[] }) {
  return (
    <ModalForm<MaterialFormValues>
      {...editDialog(dialog, { noun: '物料', labelWidth: 90, ...saveBody(api.saveMaterial, api.updateMaterial, materialBodyOf) })}
      width={560}
      initialValues={materialFormValues(dialog.editing)}
      name="material"
    >
      <SchemaText name="name" label="物料名称" placeholder="如 铅封" schema={fields.name} />
      <ProFormSelect name="typeId" label="物料类型" placeholder="请选择物料类型" options={typeOptions} rules={[zodRule(fields.typeId)]}
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }} />
      <SchemaText name="specification" label="规格" placeholder="可不填，如 塑料 / 钢丝" schema={fields.specification} />
      <SchemaText name="unit" label="单位" placeholder="如 个、张、卷" schema={fields.unit} />
      <SchemaText name="listPrice" label="零售价" placeholder="如 12.50" schema={price} fieldProps={{ suffix: '元', inputMode: 'decimal', maxLength: 10 }} />
      <ProFormText name="lowStock" label="库存预警值" placeholder="可不填：不预警" rules={[blankAllowed]} fieldProps={{ inputMode: 'decimal', maxLength: 11 }}
        tooltip="库存不高于此数量时在库存页标为预警" />
      <HiddenSubmit />
    </ModalForm>
  )
}

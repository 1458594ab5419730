/** 新增供货单: the supplier (one headquarters paired this base with), the materials and quantities, a remark. */
import { useEffect, useRef } from 'react'
import { Alert } from 'antd'
import { ModalForm, ProFormDependency, type ProFormInstance, ProFormList, ProFormSelect, ProFormText } from '@ant-design/pro-components'
import { useQuery } from '@tanstack/react-query'
import { StockMsg, supplyOrderBody, type SupplyOrder } from '@app/contract'
import * as companiesApi from '../../api/companies'
import * as api from '../../api/supplyOrders'
import { editDialog, type EditDialogProps } from '../../components/editDialog'
import { SchemaTextArea } from '../../components/SchemaField'
import { zodRule } from '../../components/zodRule'
import { materialChoices, repeatedMaterials, useMaterials } from '../../features/supplySales/materialChoices'
import { supplyOrderBodyOf, type SupplyOrderFormValues } from './supplyOrderValues'

const fields = supplyOrderBody.shape
const line = fields.lines.element.shape

export default function SupplyOrderForm({ companyId, ...dialog }: EditDialogProps<SupplyOrder> & { companyId: number }) {
  const materials = useMaterials()
  const pairs = useQuery({
    queryKey: ['supplyPairs', companyId],
    queryFn: ({ signal }) => companiesApi.findMaterialOrders(companyId, { silent: true, signal }),
  })
  const suppliers = (pairs.data ?? []).filter((p) => p.buyCompanyId === companyId).map((p) => ({ label: p.saleCompanyName, value: p.saleCompanyId }))
  const formRef = useRef<ProFormInstance<SupplyOrderFormValues>>(undefined)
  // the one supplier, once known, is already picked
  const only = suppliers.length === 1 ? suppliers[0]!.value : undefined
  useEffect(() => {
    if (only != null && formRef.current?.getFieldValue('supplierCompanyId') == null) formRef.current?.setFieldsValue({ supplierCompanyId: only })
  }, [only])
  return (
    <ModalForm<SupplyOrderFormValues>
      {...editDialog(dialog, {
        noun: '供货单', labelWidth: 80,
        create: (v: SupplyOrderFormValues) => api.saveSupplyOrder(supplyOrderBodyOf(v)),
        update: () => Promise.reject(new Error('供货单不能编辑')),
      })}
      width={680}
      name="supply-order"
      formRef={formRef}
      initialValues={{ lines: [{}] }}
    >
      {pairs.isSuccess && !suppliers.length && <Alert type="warning" showIcon message={StockMsg.noSupplier} style={{ marginBottom: 16 }} />}
      <ProFormSelect
        name="supplierCompanyId" label="供货基地" options={suppliers} placeholder="请选择供货基地"
        rules={[{ required: true, message: StockMsg.supplierNeeded }]}
      />
      <ProFormDependency name={['lines']}>
        {({ lines }) => {
          const repeated = repeatedMaterials(lines)
          return (
            <ProFormList
              name="lines" label="物料"
              creatorButtonProps={{ creatorButtonText: '添加物料' }}
              copyIconProps={false}
              min={1}
            >
              {(_field, index) => (
                <div style={{ display: 'flex', gap: 8 }}>
                  <ProFormSelect
                    name="materialId" placeholder="选择物料" width={280}
                    options={materialChoices(materials)} fieldProps={{ showSearch: true, optionFilterProp: 'label', 'aria-label': `第${index + 1}行物料` }}
                    rules={[{ required: true, message: StockMsg.materialNeeded },
                      { validator: async (_r, v) => { if (v != null && repeated.has(v)) throw new Error(StockMsg.duplicateLine) } }]}
                  />
                  <ProFormText
                    name="quantity" placeholder="数量" width={120}
                    fieldProps={{ inputMode: 'decimal', 'aria-label': `第${index + 1}行数量`, suffix: materials.find((m) => m.id === lines?.[index]?.materialId)?.unit }}
                    rules={[zodRule(line.quantity)]}
                  />
                </div>
              )}
            </ProFormList>
          )
        }}
      </ProFormDependency>
      <SchemaTextArea name="remark" label="备注" placeholder="可不填" schema={fields.remark} fieldProps={{ autoSize: { minRows: 1, maxRows: 3 } }} />
    </ModalForm>
  )
}

/** 新增/编辑物流公司: name (unique in the base), contact, phone (mobile or landline), region, remarks; headquarters picks the base. */
import { ModalForm, ProFormCascader, ProFormSelect } from '@ant-design/pro-components'
import { logisticsCompanyBody as bodySchema, type CompanyOption, type LogisticsCompany } from '@app/contract'
import * as api from '../../api/logisticsCompanies'
import ContactFields from '../../components/ContactFields'
import { editDialog, saveBody, type EditDialogProps } from '../../components/editDialog'
import HiddenSubmit from '../../components/HiddenSubmit'
import { regionOptions } from '../../components/regions'
import { SchemaTextArea } from '../../components/SchemaField'
import { zodRule } from '../../components/zodRule'
import { formValuesOf, logisticsCompanyBody, type LogisticsCompanyFormValues } from './logisticsCompanyValues'
import { companyChoices } from '../../components/companies'

const fields = bodySchema.shape

export default function LogisticsCompanyForm({ companies, defaultCompanyId, ...dialog }: EditDialogProps<LogisticsCompany> & {
  /** headquarters: the bases it may add for (empty: the caller's own base, no picker) */
  companies: CompanyOption[]
  defaultCompanyId?: number
}) {
  const { editing } = dialog
  return (
    <ModalForm<LogisticsCompanyFormValues>
      {...editDialog(dialog, {
        noun: '物流公司',
        labelWidth: 100,
        ...saveBody(api.saveLogisticsCompany, api.updateLogisticsCompany, logisticsCompanyBody),
      })}
      width={620}
      initialValues={editing ? formValuesOf(editing) : { companyId: defaultCompanyId }}
      name="logistics-company"
    >
      {companies.length > 0 && (
        <ProFormSelect
          name="companyId"
          label="所属基地"
          disabled={!!editing}
          options={companyChoices(companies)}
          fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
          rules={[zodRule(fields.companyId)]}
        />
      )}
      <ContactFields
        noun="物流公司"
        schemas={fields}
        namePlaceholder="与运单上的承运单位一致，如 顺丰物流有限公司"
        phone={{ placeholder: '11位手机号或带区号的固定电话', tooltip: '磅差超标的短信发送到此手机号（固定电话收不到短信）' }}
      />
      <ProFormCascader
        name="region"
        label="所在地区"
        placeholder="请选择省 / 市 / 区县"
        fieldProps={{ options: regionOptions(), changeOnSelect: true, showSearch: true, allowClear: true }}
      />
      <SchemaTextArea name="remarks" label="备注" placeholder="可不填" schema={fields.remarks} fieldProps={{ autoSize: { minRows: 2, maxRows: 6 }, showCount: true }} />
      <HiddenSubmit />
    </ModalForm>
  )
}

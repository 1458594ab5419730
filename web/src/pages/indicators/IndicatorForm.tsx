/** 新增/编辑检验指标: name, kind, and by kind the unit and range (数值) or the options (选项); required flag, remarks. */
import { ModalForm, ProFormDependency, ProFormDigit, ProFormSelect, ProFormSwitch } from '@ant-design/pro-components'
import { CHECK_ITEM_KIND_LABELS, CHECK_ITEM_KINDS, indicatorBody as bodySchema, type Indicator } from '@app/contract'
import * as api from '../../api/indicators'
import { editDialog, saveBody, type EditDialogProps } from '../../components/editDialog'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaText, SchemaTextArea } from '../../components/SchemaField'
import { zodRule } from '../../components/zodRule'
import { indicatorBodyOf, indicatorFormValues, type IndicatorFormValues } from './indicatorValues'

const fields = bodySchema.shape

export default function IndicatorForm(dialog: EditDialogProps<Indicator>) {
  return (
    <ModalForm<IndicatorFormValues>
      {...editDialog(dialog, {
        noun: '检验指标',
        labelWidth: 90,
        ...saveBody(api.saveIndicator, api.updateIndicator, indicatorBodyOf),
      })}
      width={600}
      initialValues={indicatorFormValues(dialog.editing)}
      name="indicator"
    >
      <SchemaText name="name" label="指标名称" placeholder="如 导静电电阻" schema={fields.name} />
      <ProFormSelect name="kind" label="类型" options={CHECK_ITEM_KINDS.map((k) => ({ value: k, label: CHECK_ITEM_KIND_LABELS[k] }))} rules={[zodRule(fields.kind)]} />
      <ProFormDependency name={['kind']}>
        {({ kind }) => (
          <>
            {kind === 'number' && (
              <>
                <SchemaText name="unit" label="单位" placeholder="如 MPa、mm、Ω" schema={fields.unit} />
                <ProFormDigit name="min" label="最小值" placeholder="不限" min={-1e9} max={1e9} fieldProps={{ precision: undefined }} />
                <ProFormDigit name="max" label="最大值" placeholder="不限" min={-1e9} max={1e9} fieldProps={{ precision: undefined }} />
              </>
            )}
            {kind === 'choice' && (
              <ProFormSelect name="options" label="选项" mode="tags" placeholder="输入选项后回车，至少2个"
                fieldProps={{ open: false, tokenSeparators: [',', '，', '、'] }} rules={[{ required: true, message: '选项类型至少需要2个选项' }]} />
            )}
          </>
        )}
      </ProFormDependency>
      <ProFormSwitch name="required" label="必填" />
      <SchemaTextArea name="remarks" label="备注" placeholder="可不填" schema={fields.remarks} fieldProps={{ autoSize: { minRows: 2, maxRows: 5 } }} />
      <HiddenSubmit />
    </ModalForm>
  )
}

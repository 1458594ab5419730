/** 新增/编辑 a template: name, remarks and the steps editor; saving a changed template makes a new version. */
import { ModalForm, ProForm } from '@ant-design/pro-components'
import { templateBody as bodySchema, type Indicator, type ProcessTemplateDetail } from '@app/contract'
import type { TemplateCalls } from '../../api/processTemplates'
import { editDialog, saveBody, type EditDialogProps } from '../../components/editDialog'
import { SchemaText, SchemaTextArea } from '../../components/SchemaField'
import StepsEditor from './StepsEditor'
import { formValuesOf, stepsProblem, templateBodyOf, type EditStep, type TemplateFormValues } from './templateValues'

const fields = bodySchema.shape

export default function TemplateForm({ api, noun, indicators, ...dialog }: EditDialogProps<ProcessTemplateDetail> & {
  api: TemplateCalls
  noun: string
  indicators: Indicator[]
}) {
  const { editing } = dialog
  return (
    <ModalForm<TemplateFormValues>
      {...editDialog(dialog, {
        noun,
        labelWidth: 90,
        ...saveBody(api.save, api.update, templateBodyOf),
      })}
      width={1000}
      initialValues={formValuesOf(editing)}
      name="template"
    >
      {editing && (
        <ProForm.Item label="当前版本">
          V{editing.version}（保存后步骤或检验项有变化时生成 V{editing.version + 1}，已开始的检验仍按原版本）
        </ProForm.Item>
      )}
      <SchemaText name="name" label="模板名称" placeholder="如 常压车辆" schema={fields.name} />
      <SchemaTextArea name="remarks" label="备注" placeholder="可不填" schema={fields.remarks} fieldProps={{ autoSize: { minRows: 1, maxRows: 4 } }} />
      <ProForm.Item
        name="steps"
        label="检验步骤"
        required
        rules={[{ validator: async (_: unknown, steps: EditStep[] | undefined) => { const problem = stepsProblem(steps); if (problem) throw new Error(problem) } }]}
      >
        <StepsEditor indicators={indicators} />
      </ProForm.Item>
    </ModalForm>
  )
}

/** 新增/编辑设备: type, device number and the town it stands in (a new device's secret is shown by the list once saved). */
import { ModalForm, ProForm, ProFormSelect } from '@ant-design/pro-components'
import { machineBody, type Machine, type MachineBody, type MachineWithSecret } from '@app/contract'
import * as api from '../../api/measurements'
import { editDialog, type EditDialogProps } from '../../components/editDialog'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaText } from '../../components/SchemaField'
import TownCascader from '../../components/TownCascader'
import { zodRule } from '../../components/zodRule'

const fields = machineBody.shape
const bodyOf = (v: MachineBody): MachineBody => ({ type: v.type.trim(), deviceNo: v.deviceNo.trim(), companyId: v.companyId, townCode: v.townCode || null })

export default function MachineForm({ bases, onCreated, ...dialog }: EditDialogProps<Machine> & {
  bases: { label: string; value: number }[]
  /** a new device, with the secret to show once */
  onCreated: (m: MachineWithSecret) => void
}) {
  const { editing } = dialog
  return (
    <ModalForm<MachineBody>
      {...editDialog(dialog, {
        noun: '设备', labelWidth: 90,
        create: async (v: MachineBody) => onCreated(await api.saveMachine(bodyOf(v))),
        update: (row: Machine, v: MachineBody) => api.updateMachine(row.id, bodyOf({ ...v, companyId: undefined })),
      })}
      width={520}
      initialValues={editing ? { type: editing.type, deviceNo: editing.deviceNo, townCode: editing.townCode } : { type: '血压血糖一体机' }}
      name="machine"
    >
      {bases.length > 0 && !editing && (
        <ProFormSelect name="companyId" label="所属基地" options={bases} placeholder="不选为总部" fieldProps={{ showSearch: true, optionFilterProp: 'label' }} />
      )}
      <SchemaText name="type" label="设备类型" placeholder="如：血压血糖一体机" schema={fields.type} />
      <SchemaText name="deviceNo" label="设备编号" placeholder="字母、数字、_ 或 -，如 BP-001" schema={fields.deviceNo} />
      {/* the town statistics (数据统计, /trace/*) count a device's readings in its town */}
      <ProForm.Item name="townCode" label="所在乡镇" rules={[zodRule(fields.townCode)]} extra="可不填；填写后计入该乡镇的统计">
        <TownCascader />
      </ProForm.Item>
      <HiddenSubmit />
    </ModalForm>
  )
}

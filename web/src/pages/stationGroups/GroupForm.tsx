/** 新增/编辑工位分组: base (fixed once saved), name, centre, the stations in order, remarks. */
import { Button, Tooltip } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { ModalForm, ProFormList, ProFormSelect, ProFormText } from '@ant-design/pro-components'
import { INSPECTION_CENTERS, stationBody, stationGroupBody as bodySchema, type CompanyOption, type StationGroup } from '@app/contract'
import * as api from '../../api/stationGroups'
import { editDialog, saveBody, type EditDialogProps } from '../../components/editDialog'
import { SchemaText, SchemaTextArea } from '../../components/SchemaField'
import { zodRule } from '../../components/zodRule'
import { groupBodyOf, groupFormValues, type StationGroupFormValues } from './groupValues'
import { companyChoices } from '../../components/companies'

const fields = bodySchema.shape

export default function GroupForm({ companies, defaultCompanyId, ...dialog }: EditDialogProps<StationGroup> & { companies: CompanyOption[]; defaultCompanyId?: number }) {
  const { editing } = dialog
  return (
    <ModalForm<StationGroupFormValues>
      {...editDialog(dialog, {
        noun: '工位分组',
        labelWidth: 90,
        ...saveBody(api.saveStationGroup, api.updateStationGroup, groupBodyOf),
      })}
      width={640}
      initialValues={groupFormValues(editing, defaultCompanyId)}
      name="station-group"
    >
      <ProFormSelect
        name="companyId" label="所属基地" disabled={!!editing}
        options={companyChoices(companies)}
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
        rules={[{ required: true, message: '请选择所属基地' }, zodRule(fields.companyId)]}
      />
      <SchemaText name="name" label="分组名称" placeholder="如 一号检测线" schema={fields.name} />
      <ProFormSelect name="center" label="所属中心" placeholder="不属于中心可不选" allowClear options={INSPECTION_CENTERS.map((c) => ({ label: c, value: c }))} />
      <ProFormList
        name="stations"
        label="工位"
        creatorButtonProps={{ creatorButtonText: '添加工位' }}
        copyIconProps={false}
        actionRender={(field, action, defaults, count) => [
          <Tooltip key="up" title="上移"><Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label="工位上移" disabled={field.name === 0} onClick={() => action.move(field.name, field.name - 1)} /></Tooltip>,
          <Tooltip key="down" title="下移"><Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label="工位下移" disabled={field.name === count - 1} onClick={() => action.move(field.name, field.name + 1)} /></Tooltip>,
          ...defaults,
        ]}
      >
        <ProFormText name="id" hidden />
        <ProFormText name="name" placeholder="工位名称" rules={[zodRule(stationBody.shape.name)]} fieldProps={{ maxLength: 50 }} />
      </ProFormList>
      <SchemaTextArea name="remarks" label="备注" placeholder="可不填" schema={fields.remarks} fieldProps={{ autoSize: { minRows: 1, maxRows: 4 } }} />
    </ModalForm>
  )
}

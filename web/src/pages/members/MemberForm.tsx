/**
 * 新增/编辑会员: the ID number checked by the contract's GB 11643 rule, sex, birthday and age shown from it
 * (never typed), the nation picked from the 56, the department by name (a new name makes a department).
 * The edit never holds the whole ID number or phone: left empty, they stay.
 */
import { AutoComplete, Typography } from 'antd'
import { ModalForm, ProForm, ProFormDependency, ProFormSelect, ProFormText } from '@ant-design/pro-components'
import { formatDateTime, memberFields, type Member } from '@app/contract'
import * as api from '../../api/members'
import { editDialog, type EditDialogProps } from '../../components/editDialog'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaText } from '../../components/SchemaField'
import { retypePlaceholder as retype, whenTyped, zodRule } from '../../components/zodRule'
import { editedMemberBody, idNumberFacts, memberFormValues, NATION_OPTIONS, newMemberBody, type MemberFormValues } from './memberValues'

const today = () => formatDateTime(new Date()).slice(0, 10)

export default function MemberForm({ bases, departments, defaultDepartment, ...dialog }: EditDialogProps<Member> & {
  /** headquarters picks the base (empty for a base's own users) */
  bases: { label: string; value: number }[]
  departments: string[]
  defaultDepartment?: string
}) {
  const { editing } = dialog
  return (
    <ModalForm<MemberFormValues>
      {...editDialog(dialog, {
        noun: '会员', labelWidth: 90,
        create: (v: MemberFormValues) => api.saveMember(newMemberBody(v)),
        update: (row: Member, v: MemberFormValues) => api.updateMember(editedMemberBody(row.id, v)),
      })}
      width={640}
      initialValues={editing ? memberFormValues(editing) : { nation: '汉族', department: defaultDepartment }}
      name="member"
    >
      {bases.length > 0 && !editing && (
        <ProFormSelect name="companyId" label="所属基地" options={bases} placeholder="不选为总部" fieldProps={{ showSearch: true, optionFilterProp: 'label' }} />
      )}
      <SchemaText name="name" label="姓名" schema={memberFields.name} />
      {editing
        ? <ProFormText name="idNo" label="身份证号" placeholder={retype(editing.idNo)} fieldProps={{ maxLength: 18 }} rules={[whenTyped(zodRule(memberFields.idNo))]} />
        : <SchemaText name="idNo" label="身份证号" placeholder="18位身份证号，最后一位可以是X" schema={memberFields.idNo} />}
      <ProFormDependency name={['idNo']}>
        {({ idNo }) => {
          const facts = idNumberFacts(idNo as string | undefined, today())
          const shown = facts ?? (editing && !idNo ? { sex: editing.sex, birthday: editing.birthday, age: editing.age } : null)
          return (
            <ProForm.Item label="性别">
              {shown
                ? <span data-testid="member-sex">{shown.sex}<Typography.Text type="secondary">（出生日期 {shown.birthday}，{shown.age}岁；取自身份证号）</Typography.Text></span>
                : <Typography.Text type="secondary">填写身份证号后自动得出</Typography.Text>}
            </ProForm.Item>
          )
        }}
      </ProFormDependency>
      <ProFormSelect name="nation" label="民族" options={NATION_OPTIONS} rules={[zodRule(memberFields.nation)]} fieldProps={{ showSearch: true, optionFilterProp: 'label' }} />
      <ProForm.Item name="department" label="部门" rules={[zodRule(memberFields.department)]} extra="可选择已有部门，或输入新部门名称">
        <AutoComplete options={departments.map((d) => ({ value: d }))} placeholder="如：体检一部" maxLength={50} allowClear
          filterOption={(input, option) => String(option?.value ?? '').includes(input)} />
      </ProForm.Item>
      {editing
        ? <ProFormText name="phone" label="手机号" placeholder={retype(editing.phone || '未填写')} fieldProps={{ maxLength: 11 }} rules={[whenTyped(zodRule(memberFields.phone))]} />
        : <SchemaText name="phone" label="手机号" placeholder="11位手机号，可不填" schema={memberFields.phone} />}
      <SchemaText name="workUnit" label="工作单位" schema={memberFields.workUnit} />
      <SchemaText name="job" label="职务" schema={memberFields.job} />
      <SchemaText name="remarks" label="备注" schema={memberFields.remarks} />
      <HiddenSubmit />
    </ModalForm>
  )
}

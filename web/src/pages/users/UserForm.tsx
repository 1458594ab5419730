/**
 * 新增/编辑用户 and 添加子账号 (spec 000 §5): role, 11-digit phone, name and the password twice are
 * required. A new user is saved, then assigned to the base by phone; an existing one is updated.
 */
import { Form } from 'antd'
import { ModalForm, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components'
import {
  Msg, roleOptions, SUB_ACCOUNT_LABEL, UserAdminMsg, userSaveBody, type UserRow, type UserUpdateBody,
} from '@app/contract'
import * as userApi from '../../api/userAdmin'
import { companyChoices, useCompanyOptions } from '../../components/companies'
import { dialogFormProps, submitDialog } from '../../components/dialogForm'
import HiddenSubmit from '../../components/HiddenSubmit'
import PasswordFields from '../../components/PasswordFields'
import { SchemaText } from '../../components/SchemaField'
import { useChoices } from '../../components/useChoices'

export type UserFormMode =
  | { kind: 'create'; companyId: number }
  | { kind: 'edit'; row: UserRow }
  | { kind: 'sub'; parent: UserRow }

interface Values {
  phone: string
  name: string
  nickName?: string
  companyId?: number
  isCreate?: boolean
  remarks?: string
  password?: string
  passwordAgain?: string
}

const TITLES = { create: '新增用户', edit: '编辑用户', sub: '添加子账号' } as const
const fields = userSaveBody.shape

export default function UserForm({ mode, headquarters, onClose, onSaved }: {
  mode: UserFormMode | null
  /** headquarters picks the base of a new user */
  headquarters: boolean
  onClose: () => void
  onSaved: () => void
}) {
  const [form] = Form.useForm<Values>()
  const roles = useChoices(['users', 'assignableRoles'], userApi.assignableRoles, { enabled: !!mode })
  const companies = useCompanyOptions({ enabled: headquarters && mode?.kind === 'create' })

  const sub = mode?.kind === 'sub' || (mode?.kind === 'edit' && !mode.row.nickName)
  // the edited user's role shows by its label even when the session may not give it
  const current = mode?.kind === 'edit' ? mode.row.nickName : ''
  const initialValues: Partial<Values> = mode?.kind === 'edit'
    ? { phone: mode.row.phone, name: mode.row.name, nickName: mode.row.nickName || undefined, isCreate: mode.row.isCreate === 1 }
    : { companyId: mode?.kind === 'create' ? mode.companyId : undefined, isCreate: false }

  const onFinish = async (v: Values) => {
    if (!mode) return false
    const body: UserUpdateBody = {
      phone: v.phone.trim(), name: v.name.trim(), nickName: sub ? undefined : v.nickName, isCreate: v.isCreate ? 1 : 0,
    }
    const save = async () => {
      if (mode.kind === 'edit') {
        await userApi.updateUser(mode.row.id, body)
        return
      }
      const companyId = mode.kind === 'sub' ? mode.parent.companyId : (v.companyId ?? mode.companyId)
      const saved = await userApi.saveUser({
        ...body, password: v.password!, passwordAgain: v.passwordAgain!, companyId,
        parentId: mode.kind === 'sub' ? mode.parent.id : undefined,
      })
      // the spec's second call: assign the new account to the base by phone
      await userApi.assignUser(saved.phone, saved.companyId)
    }
    // a failure was shown by the request client (spec 000 §8); the dialog stays open
    return submitDialog(save, mode.kind === 'edit' ? Msg.updated : Msg.created, onSaved)
  }

  return (
    <ModalForm<Values>
      title={mode?.kind === 'sub' ? `${TITLES.sub}：${mode.parent.name}` : TITLES[mode?.kind ?? 'create']}
      open={!!mode}
      onOpenChange={(o) => { if (!o) onClose() }}
      width={560}
      {...dialogFormProps(110)}
      initialValues={initialValues}
      form={form}
      onFinish={onFinish}
      name="user"
    >
      {sub ? (
        <ProFormText label="角色" disabled fieldProps={{ value: SUB_ACCOUNT_LABEL }} />
      ) : (
        <ProFormSelect
          name="nickName"
          label="角色"
          placeholder="请选择角色"
          options={roleOptions(current && !roles.includes(current) ? [...roles, current] : roles)}
          rules={[{ required: true, message: UserAdminMsg.roleRequired }]}
        />
      )}
      <SchemaText name="phone" label="手机号" placeholder="即账号，11位手机号" schema={fields.phone} fieldProps={{ maxLength: 11, autoComplete: 'off' }} />
      <SchemaText name="name" label="姓名" placeholder="请输入姓名" schema={fields.name} />
      {headquarters && mode?.kind === 'create' && (
        <ProFormSelect
          name="companyId"
          label="所属基地"
          placeholder="请选择所属基地"
          showSearch
          options={companyChoices(companies)}
          fieldProps={{ optionFilterProp: 'label' }}
          rules={[{ required: true, message: UserAdminMsg.companyRequired }]}
        />
      )}
      <ProFormSwitch name="isCreate" label="可建子账号" checkedChildren="是" unCheckedChildren="否" tooltip="开启后可在该用户下添加子账号（受基地子账号数量限制）" />
      {mode?.kind !== 'edit' && <PasswordFields label="密码" confirmLabel="确认密码" />}
      <HiddenSubmit />
    </ModalForm>
  )
}

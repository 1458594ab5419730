/** 新增/编辑基地 (spec 000 §2, §5): name, contact, phone (read-only when editing), region, sub-domain, attachment and picture. */
import { useEffect, useState } from 'react'
import { Form, Input } from 'antd'
import { ModalForm, ProFormCascader, ProFormSwitch, ProFormText } from '@ant-design/pro-components'
import {
  ATTACHMENT_TYPES, CompanyMsg, companySaveBody, IS_CREATE, Msg, PASSWORD_MIN_LENGTH, RESERVED_DOMAINS, type CompanyRow, type CompanyUpdateBody,
} from '@app/contract'
import * as companiesApi from '../../api/companies'
import { encryptPassword } from '../../api/users'
import AttachmentUpload from '../../components/AttachmentUpload'
import ContactFields from '../../components/ContactFields'
import { editDialog, type EditDialogProps } from '../../components/editDialog'
import HiddenSubmit from '../../components/HiddenSubmit'
import { SchemaText } from '../../components/SchemaField'
import { regionOptions, regionPath } from '../../components/regions'
import { zodRule } from '../../components/zodRule'

const fields = companySaveBody.shape

interface Values {
  name: string
  contactor: string
  phone: string
  password?: string
  address?: string
  isCreate: boolean
  region?: string[]
  domain: string
  attachmentId?: number | null
  picId?: number | null
}

let suffixCache: Promise<string> | null = null
const domainSuffix = () => (suffixCache ??= companiesApi.companySettings({ silent: true }).then((s) => s.domainSuffix).catch(() => { suffixCache = null; return '' }))

/** The form's values as the body of a save or an update (the phone is added by each). */
function companyBody(v: Values): CompanyUpdateBody {
  const [province, city, district] = v.region ?? []
  return {
    name: v.name.trim(), contactor: v.contactor.trim(), address: v.address?.trim() || null, isCreate: v.isCreate ? IS_CREATE.yes : IS_CREATE.no,
    province: province ?? null, city: city ?? null, district: district ?? null, domain: v.domain.trim().toLowerCase(),
    attachmentId: v.attachmentId ?? null, picId: v.picId ?? null,
  }
}

export default function CompanyForm(dialog: EditDialogProps<CompanyRow>) {
  const { open, editing } = dialog
  const [form] = Form.useForm<Values>()
  const [suffix, setSuffix] = useState('')
  useEffect(() => {
    if (open) void domainSuffix().then(setSuffix)
  }, [open])

  const initialValues: Partial<Values> = editing
    ? {
        name: editing.name, contactor: editing.contactor ?? '', phone: editing.phone ?? '', address: editing.address ?? '',
        isCreate: editing.isCreate === IS_CREATE.yes, region: regionPath(editing), domain: editing.domain ?? '',
        attachmentId: editing.attachmentId, picId: editing.picId,
      }
    : { isCreate: true }

  return (
    <ModalForm<Values>
      {...editDialog(dialog, {
        noun: '基地',
        labelWidth: 110,
        create: async (v: Values) =>
          companiesApi.saveCompany({ ...companyBody(v), phone: v.phone.trim(), password: v.password ? await encryptPassword(v.password) : undefined }),
        update: (row, v) => companiesApi.updateCompany(row.id, { ...companyBody(v), phone: row.phone ?? undefined }),
      })}
      width={680}
      initialValues={initialValues}
      form={form}
      name="company"
    >
      <ContactFields
        noun="基地"
        schemas={fields}
        namePlaceholder="请输入基地名称"
        phone={{
          placeholder: '11位手机号，即基地主账号的账号',
          tooltip: '联系电话即该基地主账号的账号，创建后不能修改；主账号不占子账号数量',
          maxLength: 11,
          locked: !!editing,
        }}
      />
      {!editing && (
        <ProFormText.Password
          name="password"
          label="主账号密码"
          placeholder={`主账号的初始密码，至少${PASSWORD_MIN_LENGTH}位；可稍后在用户列表重置`}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[{ min: PASSWORD_MIN_LENGTH, message: Msg.passwordTooShort }]}
        />
      )}
      <SchemaText name="address" label="地址" placeholder="请输入地址" schema={fields.address} />
      <ProFormCascader
        name="region"
        label="所在地区"
        placeholder="请选择省 / 市 / 区县"
        fieldProps={{ options: regionOptions(), changeOnSelect: true, showSearch: true, allowClear: true }}
      />
      <Form.Item
        name="domain"
        label="子域名"
        // flex-basis 0: the input with its suffix addon must not push the field onto a line of its own
        wrapperCol={{ flex: '1 1 0%', style: { minWidth: 0 } }}
        validateTrigger="onBlur"
        rules={[
          zodRule(fields.domain),
          { validator: async (_, v: string | undefined) => {
            if ((RESERVED_DOMAINS as readonly string[]).includes((v ?? '').trim().toLowerCase())) throw new Error(CompanyMsg.domainReserved)
          } },
        ]}
      >
        <Input placeholder="如 hangzhou" addonAfter={suffix || undefined} maxLength={63} />
      </Form.Item>
      <ProFormSwitch
        name="isCreate"
        label="允许子账号"
        checkedChildren="是"
        unCheckedChildren="否"
        tooltip="允许在该基地添加无角色的子账号。主账号以外的每个用户（无论角色）都占一个子账号名额，名额在列表中“扩容”"
      />
      {editing && (
        <ProFormText
          label="子账号"
          disabled
          fieldProps={{ value: `共 ${editing.userAmount} 个，已分配 ${editing.assignedUserNums} 个，剩余 ${editing.remainingUserNums} 个` }}
        />
      )}
      <Form.Item name="attachmentId" label="附件" extra="图片、PDF、Word 或 Excel，不超过10MB">
        <AttachmentUpload fileType={ATTACHMENT_TYPES.companyAttachment} accept="image/*,.pdf,.doc,.docx,.xls,.xlsx" />
      </Form.Item>
      <Form.Item name="picId" label="图片">
        <AttachmentUpload fileType={ATTACHMENT_TYPES.companyPicture} picture accept="image/*" />
      </Form.Item>
      <HiddenSubmit />
    </ModalForm>
  )
}

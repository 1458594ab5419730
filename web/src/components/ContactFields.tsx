/**
 * Who to reach at an organisation kept in a list (a base, a carrier): {noun}名称, 联系人 and 联系电话, checked
 * with the server's schemas of them — the three fields such a list is searched by (contract contactFilters).
 */
import { ProFormText } from '@ant-design/pro-components'
import { SchemaText } from './SchemaField'
import type { FieldSchema } from './zodRule'

export default function ContactFields({ noun, schemas, namePlaceholder, phone }: {
  /** the name is labelled {noun}名称 */
  noun: string
  schemas: { name: FieldSchema; contactor: FieldSchema; phone: FieldSchema }
  namePlaceholder: string
  phone: {
    placeholder: string
    tooltip: string
    /** when the schema sets none */
    maxLength?: number
    /** shown but not changed (nor checked): a phone fixed once saved */
    locked?: boolean
  }
}) {
  const { locked, maxLength, ...shown } = phone
  return (
    <>
      <SchemaText name="name" label={`${noun}名称`} placeholder={namePlaceholder} schema={schemas.name} />
      <SchemaText name="contactor" label="联系人" placeholder="请输入联系人" schema={schemas.contactor} />
      {locked
        ? <ProFormText name="phone" label="联系电话" {...shown} disabled fieldProps={{ maxLength }} />
        : <SchemaText name="phone" label="联系电话" {...shown} schema={schemas.phone} fieldProps={maxLength ? { maxLength } : undefined} />}
    </>
  )
}

/**
 * Text fields checked with the server's schema of them: `<SchemaText name label schema={fields.x} />`
 * validates with `zodRule(schema)` and stops the input at the schema's `.max()`, so a form copies
 * neither. `rules` are checked after the schema's; `fieldProps` may add to or override the length.
 * `<SchemaRadio name label options schema={fields.x} />`: a choice of a few values as a row of buttons.
 */
import type { ComponentProps } from 'react'
import { ProFormRadio, ProFormText, ProFormTextArea } from '@ant-design/pro-components'
import { schemaMaxLength, zodRule, type FieldSchema } from './zodRule'

type Rules = NonNullable<ComponentProps<typeof ProFormText>['rules']>

function schemaProps<P extends { fieldProps?: object; rules?: Rules }>(schema: FieldSchema, { fieldProps, rules = [], ...rest }: P) {
  return { ...rest, fieldProps: { maxLength: schemaMaxLength(schema), ...fieldProps }, rules: [zodRule(schema), ...rules] }
}

export function SchemaText({ schema, ...props }: ComponentProps<typeof ProFormText> & { schema: FieldSchema }) {
  return <ProFormText {...schemaProps(schema, props)} />
}

export function SchemaRadio({ schema, rules = [], ...props }: ComponentProps<typeof ProFormRadio.Group> & { schema: FieldSchema }) {
  return <ProFormRadio.Group radioType="button" {...props} rules={[zodRule(schema), ...rules]} />
}

export function SchemaTextArea({ schema, ...props }: ComponentProps<typeof ProFormTextArea> & { schema: FieldSchema }) {
  return <ProFormTextArea {...schemaProps(schema, props)} />
}

/**
 * A form checks a field with the server's own schema of it: `rules={[zodRule(receiptFormatBody.shape.rankcom)]}`
 * refuses what the server would refuse, with the server's message, and marks the field required when the
 * server requires it. No form keeps a second copy of a rule the contract states.
 */
import { fieldCheck, installZodChinese } from '@app/contract'

// checks that carry no message of their own name the field in Chinese, as on the server
installZodChinese()

/** An antd Form rule (the `validator` rejects with the first problem's message). */
export interface ZodFormRule {
  required: boolean
  validator: (rule: unknown, value: unknown) => Promise<void>
}

/** A field's schema in the contract, e.g. `receiptFormatBody.shape.name`. */
export type FieldSchema = Parameters<typeof fieldCheck>[0]

export function zodRule(schema: FieldSchema): ZodFormRule {
  const { required, problem } = fieldCheck(schema)
  return {
    required,
    validator: async (_rule, value) => {
      const message = problem(value)
      if (message !== null) throw new Error(message)
    },
  }
}

/**
 * `rule` checked only when something is typed: a phone or ID number a dialog shows masked is left empty
 * to keep the stored value (the dialog never holds it whole).
 */
export const whenTyped = (rule: ZodFormRule) => ({ validator: (r: unknown, v: unknown) => (v ? rule.validator(r, v) : Promise.resolve()) })

/** The placeholder of such a field: the masked value and how to keep it. */
export const retypePlaceholder = (masked: string) => `${masked}（不修改请留空）`

/** A date picker's value (a dayjs) as the contract's 'YYYY-MM-DD' before the field's check. */
export function dateRule(schema: FieldSchema): ZodFormRule {
  const rule = zodRule(schema)
  const asDay = (v: unknown) => (v && typeof (v as { format?: unknown }).format === 'function' ? (v as { format: (f: string) => string }).format('YYYY-MM-DD') : v)
  return { required: rule.required, validator: (r, value) => rule.validator(r, asDay(value)) }
}

/**
 * The longest text a field's schema accepts: its string's `.max()`, looked up through optional,
 * nullable, default and preprocess wrappers; undefined when it states none.
 */
export function schemaMaxLength(schema: FieldSchema): number | undefined {
  const def = schema._zod.def as { type: string; innerType?: FieldSchema; out?: FieldSchema }
  const inner = def.type === 'pipe' ? def.out : def.innerType
  if (inner) return schemaMaxLength(inner)
  return def.type === 'string' ? ((schema as { maxLength?: number | null }).maxLength ?? undefined) : undefined
}

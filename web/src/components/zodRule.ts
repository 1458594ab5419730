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

export function zodRule(schema: Parameters<typeof fieldCheck>[0]): ZodFormRule {
  const { required, problem } = fieldCheck(schema)
  return {
    required,
    validator: async (_rule, value) => {
      const message = problem(value)
      if (message !== null) throw new Error(message)
    },
  }
}

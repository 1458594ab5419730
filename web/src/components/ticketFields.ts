/**
 * Ticket fields and types as the format, rule and tester screens show them (contract/src/tickets.ts):
 * Chinese labels, the fields of each ticket type, select options.
 */
import { DELIVERY_FIELDS, SIGN_FIELDS, TICKET_FIELDS, TICKET_TYPES, type TicketField, type TicketType } from '@app/contract'

export const TICKET_TYPE_OPTIONS = ([1, 2] as const).map((t) => ({ value: t, label: TICKET_TYPES[t] }))

/** ProTable/ProForm valueEnum of the ticket types. */
export const TICKET_TYPE_ENUM = {
  1: { text: TICKET_TYPES[1], status: 'Processing' },
  2: { text: TICKET_TYPES[2], status: 'Success' },
} as const

export const TICKET_TYPE_COLORS: Record<TicketType, string> = { 1: 'blue', 2: 'green' }

/** The field keys a ticket of this type fills, in the order the ticket reader lists them. */
export function fieldsOfType(type: TicketType | null | undefined): TicketField[] {
  if (type === 1) return Object.keys(DELIVERY_FIELDS) as TicketField[]
  if (type === 2) return Object.keys(SIGN_FIELDS) as TicketField[]
  return []
}

/** The ticket type a field belongs to (delivery* -> 1, sign* -> 2). */
export function typeOfField(field: string): TicketType | null {
  if (field in DELIVERY_FIELDS) return 1
  if (field in SIGN_FIELDS) return 2
  return null
}

export const isTicketField = (key: string): key is TicketField => key in TICKET_FIELDS

/** '发货净重'; an unknown key is shown as it is. */
export const fieldLabel = (key: string): string => (isTicketField(key) ? TICKET_FIELDS[key] : key)

/** '发货净重（deliveryNetWeight）' */
export const fieldLabelWithKey = (key: string): string => (isTicketField(key) ? `${TICKET_FIELDS[key]}（${key}）` : key)

export interface FieldOption {
  value: TicketField
  label: string
}

/** Select options of one type's fields: Chinese label, key to tell the same label of two types apart. */
export const fieldOptions = (type: TicketType | null | undefined): FieldOption[] =>
  fieldsOfType(type).map((f) => ({ value: f, label: fieldLabelWithKey(f) }))

/** Both types' fields, grouped (for filters that do not know the type). */
export const groupedFieldOptions = () =>
  ([1, 2] as const).map((t) => ({ label: TICKET_TYPES[t], title: TICKET_TYPES[t], options: fieldOptions(t) }))

/** Keeps the fields that belong to the type (when a form's type changes). */
export const keepFieldsOfType = (fields: readonly string[] | null | undefined, type: TicketType | null | undefined): TicketField[] => {
  const allowed = new Set<string>(fieldsOfType(type))
  return (fields ?? []).filter((f): f is TicketField => allowed.has(f))
}

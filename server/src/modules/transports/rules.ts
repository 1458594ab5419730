import {
  CONSISTENT_FIELDS, consistencyProblems, DELIVERY_REQUIRED, DESTINATION_REQUIRED, destinationName, EDIT_CONSISTENT_FIELDS,
  EDIT_DELIVERY_REQUIRED, EDIT_DESTINATION_REQUIRED, EDIT_SIGN_REQUIRED, SIGN_REQUIRED, TransportMsg, TransportStatus,
  type DestinationBody, type TicketField,
} from '@app/contract'
import { ValidationError } from '../../platform/errors.js'
import type { TransportRecord } from './record.js'

/** The four writes of a transport: the upload page's two drafts (delivery ticket, then receiving ticket: `/logistics/saveTemp`, `saveTempFin`) and its save, and the edit page. */
export type SaveMode = 'deliveryDraft' | 'receivingDraft' | 'save' | 'update'

type Required = Partial<Record<string, string>>
interface ModeRules {
  /** the status the write leaves; update keeps the transport's */
  status?: 1 | 2
  pictures: ('deliveryPicId' | 'signPicId')[]
  required: Required[]
  destination?: Required
  consistent?: readonly (readonly [TicketField, TicketField, string])[]
}

/** What each write needs (spec 001 §4, §5): the upload page's pictures and forms, the edit page's forms. */
export const MODE_RULES: Record<SaveMode, ModeRules> = {
  deliveryDraft: { status: TransportStatus.TEMP, pictures: ['deliveryPicId'], required: [] },
  receivingDraft: { status: TransportStatus.TEMP, pictures: ['deliveryPicId', 'signPicId'], required: [] },
  save: {
    status: TransportStatus.DONE, pictures: ['deliveryPicId', 'signPicId'], required: [DELIVERY_REQUIRED, SIGN_REQUIRED],
    destination: DESTINATION_REQUIRED, consistent: CONSISTENT_FIELDS,
  },
  update: {
    pictures: [], required: [EDIT_DELIVERY_REQUIRED, EDIT_SIGN_REQUIRED],
    destination: EDIT_DESTINATION_REQUIRED, consistent: EDIT_CONSISTENT_FIELDS,
  },
}

const PICTURE_MISSING = { deliveryPicId: TransportMsg.deliveryPictureMissing, signPicId: TransportMsg.signPictureMissing } as const

const blank = (v: unknown) => v == null || v === ''

const firstMissing = (values: Record<string, unknown>, required: Required) =>
  Object.entries(required).find(([field]) => blank(values[field]))?.[1]

/** The first thing the write lacks, as a 400 with the spec's message: pictures, then fields, then destinations, then consistency. */
export function checkRecord(mode: SaveMode, record: TransportRecord, destinations: DestinationBody[]) {
  const rules = MODE_RULES[mode]
  for (const picture of rules.pictures) if (record[picture] == null) throw new ValidationError(PICTURE_MISSING[picture])
  for (const required of rules.required) {
    const missing = firstMissing(record, required)
    if (missing) throw new ValidationError(missing)
  }
  if (rules.destination) {
    destinations.forEach((d, i) => {
      const missing = firstMissing(d, rules.destination!)
      if (missing) throw new ValidationError(TransportMsg.destinationRequired(destinationName(i + 2), missing))
    })
  }
  if (rules.consistent) {
    const problem = Object.values(consistencyProblems(record, rules.consistent))[0]
    if (problem) throw new ValidationError(problem)
  }
}

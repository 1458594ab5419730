/**
 * What the upload page holds beside its two forms and two ticket uploads: the step, the net weights
 * the reading could not trust, the extra destinations and their dialogs, the transport being
 * continued, and what is loading or saving. One reducer of pure steps (unit-tested in
 * web/test/uploadPageState.test.ts); the page does the requests and the forms.
 */
import type { TicketField, TicketType, Transport } from '@app/contract'
import { destinationRowsOf, fieldsOf, ordinalAt, removeDestination, type DestinationRow, type StepIndex } from '../../features/ticketForm/uploadValues'

export type SaveKind = 'temp' | 'save'

/** The destination dialog: the row edited (null: a new one) and the ordinal its title shows. */
export interface DestinationEditor {
  open: boolean
  row: DestinationRow | null
  ordinal: number
}

export interface UploadPageState {
  step: StepIndex
  /** net weights the reading could not trust (shown red until changed) */
  flagged: ReadonlySet<TicketField>
  destinations: DestinationRow[]
  /** the temporarily saved transport being continued (?id=) */
  transport: { id: number; version: number } | null
  /** the transport of ?id= is loading */
  loading: boolean
  saving: SaveKind | null
  /** the list of extra destinations */
  listOpen: boolean
  editor: DestinationEditor
}

export type UploadPageAction =
  | { type: 'step'; step: StepIndex }
  /** a ticket was read: its own fields' flags are the reading's */
  | { type: 'read'; ticket: TicketType; flagged: readonly TicketField[] }
  /** the user changed these fields */
  | { type: 'edited'; fields: readonly TicketField[] }
  | { type: 'loading'; loading: boolean }
  /** the transport of ?id= arrived (a temporary save) */
  | { type: 'continued'; transport: Transport }
  | { type: 'saving'; kind: SaveKind | null }
  /** saved: back to a new upload */
  | { type: 'reset' }
  | { type: 'list'; open: boolean }
  /** the destination dialog for the row at `index` (null: a new row at the end) */
  | { type: 'editDestination'; row: DestinationRow | null; index: number }
  | { type: 'editorOpen'; open: boolean }
  | { type: 'destinations'; destinations: DestinationRow[] }
  | { type: 'removeDestination'; key: string }

const NOTHING_FLAGGED: ReadonlySet<TicketField> = new Set()

export const initialUploadPage: UploadPageState = {
  step: 0,
  flagged: NOTHING_FLAGGED,
  destinations: [],
  transport: null,
  loading: false,
  saving: null,
  listOpen: false,
  editor: { open: false, row: null, ordinal: ordinalAt(0) },
}

/** The flags of a reading of `ticket` replace that ticket's, the other ticket's stay. */
export function flagsAfterReading(flagged: ReadonlySet<TicketField>, ticket: TicketType, read: readonly TicketField[]): ReadonlySet<TicketField> {
  const own = new Set<TicketField>(fieldsOf(ticket))
  return new Set([...[...flagged].filter((f) => !own.has(f)), ...read])
}

/** A value the user changed is no longer the reading's doubtful one (the first receiving net makes the total). */
export function flagsAfterEdit(flagged: ReadonlySet<TicketField>, fields: readonly TicketField[]): ReadonlySet<TicketField> {
  const changed = new Set(fields)
  if (changed.has('signFirstNetWeight')) changed.add('signNetWeight')
  return [...changed].some((f) => flagged.has(f)) ? new Set([...flagged].filter((f) => !changed.has(f))) : flagged
}

export function uploadPageReducer(state: UploadPageState, action: UploadPageAction): UploadPageState {
  switch (action.type) {
    case 'step':
      return { ...state, step: action.step }
    case 'read':
      return { ...state, flagged: flagsAfterReading(state.flagged, action.ticket, action.flagged) }
    case 'edited': {
      const flagged = flagsAfterEdit(state.flagged, action.fields)
      return flagged === state.flagged ? state : { ...state, flagged }
    }
    case 'loading':
      return { ...state, loading: action.loading }
    case 'continued': {
      const t = action.transport
      return {
        ...state, destinations: destinationRowsOf(t), flagged: NOTHING_FLAGGED, transport: { id: t.id, version: t.version }, step: t.deliveryPicId ? 1 : 0,
      }
    }
    case 'saving':
      return { ...state, saving: action.kind }
    case 'reset':
      return { ...state, destinations: [], flagged: NOTHING_FLAGGED, transport: null, step: 0 }
    case 'list':
      return { ...state, listOpen: action.open }
    case 'editDestination':
      return { ...state, editor: { open: true, row: action.row, ordinal: ordinalAt(action.index) } }
    case 'editorOpen':
      return { ...state, editor: { ...state.editor, open: action.open } }
    case 'destinations':
      return { ...state, destinations: action.destinations }
    case 'removeDestination':
      return { ...state, destinations: removeDestination(state.destinations, action.key) }
  }
}

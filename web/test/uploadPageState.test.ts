/** The upload page's state: the step, the doubtful net weights, the destinations and their dialogs, a continued transport. */
import { describe, expect, it } from 'vitest'
import type { Transport } from '@app/contract'
import { newDestinationKey, type DestinationRow } from '../src/features/ticketForm/uploadValues'
import { flagsAfterEdit, flagsAfterReading, initialUploadPage, uploadPageReducer, type UploadPageAction, type UploadPageState } from '../src/pages/upload/uploadPageState'

const run = (...actions: UploadPageAction[]): UploadPageState => actions.reduce(uploadPageReducer, initialUploadPage)
const dest = (weight: number): DestinationRow => ({ key: newDestinationKey(), weight })

describe('the doubtful net weights', () => {
  it('a reading replaces the flags of its own ticket and keeps the other ticket’s', () => {
    const both = flagsAfterReading(flagsAfterReading(new Set(), 1, ['deliveryNetWeight']), 2, ['signFirstNetWeight'])
    expect([...both].sort()).toEqual(['deliveryNetWeight', 'signFirstNetWeight'])
    expect([...flagsAfterReading(both, 1, [])]).toEqual(['signFirstNetWeight'])
  })

  it('a changed weight is no longer doubtful; the first receiving net clears the total with it', () => {
    const flagged = new Set(['signFirstNetWeight', 'signNetWeight', 'deliveryNetWeight'] as const)
    expect([...flagsAfterEdit(flagged, ['signFirstNetWeight'])]).toEqual(['deliveryNetWeight'])
    // nothing flagged changed: the same set, so the page does not render again
    expect(flagsAfterEdit(flagged, ['deliveryCustomer'])).toBe(flagged)
    const state = run({ type: 'read', ticket: 1, flagged: ['deliveryNetWeight'] })
    expect(uploadPageReducer(state, { type: 'edited', fields: ['deliveryBags'] })).toBe(state)
  })
})

describe('the extra destinations', () => {
  it('the dialog opens for a new row at the end or for a row, numbered from 2; closing keeps the row', () => {
    const row = dest(3)
    const added = run({ type: 'destinations', destinations: [row] }, { type: 'editDestination', row: null, index: 1 })
    expect(added.editor).toEqual({ open: true, row: null, ordinal: 3 })
    const edited = uploadPageReducer(added, { type: 'editDestination', row, index: 0 })
    expect(edited.editor).toEqual({ open: true, row, ordinal: 2 })
    expect(uploadPageReducer(edited, { type: 'editorOpen', open: false }).editor).toEqual({ open: false, row, ordinal: 2 })
  })

  it('a row is removed by its key', () => {
    const [a, b] = [dest(1), dest(2)]
    expect(run({ type: 'destinations', destinations: [a, b] }, { type: 'removeDestination', key: a.key }).destinations).toEqual([b])
  })
})

describe('continuing and saving', () => {
  const transport = { id: 9, version: 4, deliveryPicId: 12, destinations: [{ address: '二号库', weight: 5 }] } as unknown as Transport

  it('a temporarily saved transport brings its destinations and version, on step 2 once the delivery picture is there', () => {
    const state = run({ type: 'read', ticket: 1, flagged: ['deliveryNetWeight'] }, { type: 'continued', transport })
    expect(state).toMatchObject({ step: 1, transport: { id: 9, version: 4 }, destinations: [{ address: '二号库', weight: 5 }] })
    expect(state.flagged.size).toBe(0)
    expect(run({ type: 'continued', transport: { ...transport, deliveryPicId: null } }).step).toBe(0)
  })

  it('after a save the page starts a new upload', () => {
    const state = run(
      { type: 'continued', transport }, { type: 'read', ticket: 2, flagged: ['signFirstNetWeight'] }, { type: 'saving', kind: 'save' },
      { type: 'reset' }, { type: 'saving', kind: null },
    )
    expect(state).toEqual(initialUploadPage)
  })
})

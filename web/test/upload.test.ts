/** Pure logic of the upload page: the reading's fallback, the receiving totals, the marks, the gates and the body saved. */
import { describe, expect, it } from 'vitest'
import {
  consistencyProblems, MAX_EXTRA_DESTINATIONS, transportBody as transportBodySchema, TransportMsg, UploadMsg,
  type TicketReadingAnswer, type Transport,
} from '@app/contract'
import {
  addDestination, destinationRowsOf, duplicateLabel, duplicatesOf, fieldKind, fieldMarks, fieldsOf, fillFromReading, formOrder, newDestinationKey, ordinalAt,
  readingOf, readingOfTransport, receivingFigures, removeDestination, replaceDestination, stepProblem, toNumber, transportBody,
  valuesOfTransport, type DestinationRow,
} from '../src/features/ticketForm/uploadValues'

const answer = (fields: Partial<TicketReadingAnswer>): TicketReadingAnswer => ({
  format: null, meta: {}, flags: {}, width: 0, height: 0, remainingTimes: null, duplicates: [], ...fields,
})
const dest = (weight: number | null, extra: Partial<DestinationRow> = {}): DestinationRow => ({ key: newDestinationKey(), weight, ...extra })

describe('a reading fills the form', () => {
  it('keeps a plausible delivery net weight, rounded to 2 decimals', () => {
    const { values, flagged } = fillFromReading(1, answer({ deliveryNetWeight: '38.574', deliveryBags: 0, deliveryManufactory: ' 海螺 ' }))
    expect(values.deliveryNetWeight).toBe(38.57)
    expect(values.deliveryManufactory).toBe('海螺')
    expect(flagged).toEqual([])
  })

  it('sets an empty, zero or out-of-range net to 0.05 t a bag (2 decimals), else 0, and flags it', () => {
    for (const net of [null, 0, 14.99, 80.01, '']) {
      const withBags = fillFromReading(1, answer({ deliveryNetWeight: net, deliveryBags: 641 }))
      expect(withBags.values.deliveryNetWeight).toBe(32.05)
      expect(withBags.flagged).toEqual(['deliveryNetWeight'])
      expect(fillFromReading(1, answer({ deliveryNetWeight: net, deliveryBags: 0 })).values.deliveryNetWeight).toBe(0)
      expect(fillFromReading(1, answer({ deliveryNetWeight: net })).values.deliveryNetWeight).toBe(0)
    }
    // the range's ends are plausible
    expect(fillFromReading(1, answer({ deliveryNetWeight: 15, deliveryBags: 10 })).flagged).toEqual([])
    expect(fillFromReading(1, answer({ deliveryNetWeight: 80, deliveryBags: 10 })).flagged).toEqual([])
  })

  it('on a receiving ticket, the first net weight is the read net (or the fallback) and the total adds the destinations', () => {
    const read = fillFromReading(2, answer({ signNetWeight: 39.5, signManufactory: '海螺' }), [dest(3.25), dest(1.1)])
    expect(read.values.signFirstNetWeight).toBe(39.5)
    expect(read.values.signNetWeight).toBe(43.85)
    expect(read.flagged).toEqual([])
    const fallback = fillFromReading(2, answer({ signNetWeight: 0, signBags: 3 }), [dest(1)])
    expect(fallback.values.signFirstNetWeight).toBe(0.15)
    expect(fallback.values.signNetWeight).toBe(1.15)
    expect(fallback.flagged).toEqual(['signFirstNetWeight', 'signNetWeight'])
  })

  it('clears every field of the type a new ticket did not read', () => {
    const { values } = fillFromReading(1, answer({ deliveryNetWeight: 30 }))
    expect(values).toHaveProperty('deliveryCarrier', null)
    expect(Object.keys(values).every((k) => k.startsWith('delivery'))).toBe(true)
  })

  it('keeps the picture, raw text, boxes and duplicates of the reading', () => {
    const r = readingOf(1, answer({
      deliveryPicId: 7, deliveryPicUrl: '/api/attachments/actions/download?id=7', deliveryOrigin: '水泥发货单', width: 800, height: 600,
      duplicates: [{ transportId: 3, reason: 'picture', ticketType: 1, number: null, createTime: '2026-01-02 03:04:05' }],
    }))
    expect(r).toMatchObject({ picId: 7, origin: '水泥发货单', width: 800, height: 600 })
    expect(r.duplicates).toHaveLength(1)
    expect(readingOf(2, answer({ deliveryPicId: 7 })).picId).toBeNull()
  })
})

describe('fields to check', () => {
  it('marks low confidence (< 0.8) and the reader\'s flags, with the reasons', () => {
    const marks = fieldMarks({
      meta: {
        deliveryNetWeight: { confidence: 0.62, box: null, source: 'rule' },
        deliveryCarrier: { confidence: 0.8, box: null, source: 'rule' },
      },
      flags: { deliveryGrossWeight: '毛重 - 皮重 ≠ 净重' },
    }, ['deliveryNetWeight', 'deliveryCarrier', 'deliveryGrossWeight'])
    expect(marks).toEqual({ deliveryNetWeight: [UploadMsg.lowConfidence(62)], deliveryGrossWeight: ['毛重 - 皮重 ≠ 净重'] })
    expect(fieldMarks(null, ['deliveryNetWeight'])).toEqual({})
  })

  it('marks a field the reader corrected, with what it read', () => {
    const marks = fieldMarks({
      meta: { signSettlement: { confidence: 0.8, box: null, source: 'synonym', raw: '武关泰和建工有限公司', correction: 'repeatedName' } },
      flags: {},
    }, ['signSettlement'])
    expect(marks).toEqual({ signSettlement: [UploadMsg.corrected('repeatedName', '武关泰和建工有限公司')] })
    expect(marks.signSettlement![0]).toBe('已按票面上同一单位的其他写法更正，原识别为“武关泰和建工有限公司”，请核对')
  })

  it('lists the first receiving net before the total it adds up to, every field once', () => {
    const order = formOrder(2)
    expect(order.indexOf('signFirstNetWeight')).toBe(order.indexOf('signNetWeight') - 1)
    expect([...order].sort()).toEqual([...fieldsOf(2)].sort())
    expect(formOrder(1)).toEqual(fieldsOf(1))
  })

  it('knows the input of each field', () => {
    expect(fieldKind('deliveryNetWeight')).toBe('weight')
    expect(fieldKind('signBags')).toBe('bags')
    expect(fieldKind('signTime')).toBe('time')
    expect(fieldKind('signAdditional')).toBe('remark')
    expect(fieldKind('signUser')).toBe('text')
  })

  it('says which receiving values differ from the delivery note', () => {
    expect(consistencyProblems({ deliveryPlateNumber: '川BGCA5U', signPlateNumber: '川BGCA5V', deliveryCarrier: '万里通', signCarrier: '万里通' }))
      .toEqual({ signPlateNumber: '与发货车牌号不一致：川BGCA5U' })
  })
})

describe('the receiving total and pound difference', () => {
  it('stay right through add, edit, delete and first-net changes (in hundredths)', () => {
    let list: DestinationRow[] = []
    const deliveryNet = 40.3
    let first = 30.1
    expect(receivingFigures(deliveryNet, first, list)).toEqual({ total: 30.1, poundDiff: 10.2, over: true })

    const second = dest(10.1)
    list = addDestination(list, second) as DestinationRow[]
    expect(receivingFigures(deliveryNet, first, list)).toEqual({ total: 40.2, poundDiff: 0.1, over: false })

    const third = dest(0.2)
    list = addDestination(list, third) as DestinationRow[]
    expect(receivingFigures(deliveryNet, first, list).total).toBe(40.4)
    expect(receivingFigures(deliveryNet, first, list).poundDiff).toBe(-0.1)

    list = replaceDestination(list, { ...second, weight: 9.3 }) as DestinationRow[]
    expect(list.map((d) => d.key)).toEqual([second.key, third.key]) // edited in place
    expect(receivingFigures(deliveryNet, first, list)).toEqual({ total: 39.6, poundDiff: 0.7, over: false })

    list = removeDestination(list, third.key)
    expect(receivingFigures(deliveryNet, first, list)).toEqual({ total: 39.4, poundDiff: 0.9, over: false })

    first = 29.3
    expect(receivingFigures(deliveryNet, first, list)).toEqual({ total: 38.6, poundDiff: 1.7, over: true })
    // exactly 1 t is over; -1 t too
    expect(receivingFigures(40, 39, []).over).toBe(true)
    expect(receivingFigures(39, 40, []).over).toBe(true)
    expect(receivingFigures(39.01, 40, []).over).toBe(false)
  })

  it('has no difference without a delivery net; empty weights count as 0', () => {
    expect(receivingFigures(null, '12.5', [dest(null)])).toEqual({ total: 12.5, poundDiff: null, over: false })
  })

  it('allows at most eight extra destinations, and says when an edited one is gone', () => {
    let list: DestinationRow[] = []
    for (let i = 0; i < MAX_EXTRA_DESTINATIONS; i++) list = addDestination(list, dest(1)) as DestinationRow[]
    expect(addDestination(list, dest(1))).toBe(UploadMsg.destinationsFull)
    expect(replaceDestination(list, dest(2))).toBe(UploadMsg.destinationNotFound)
    expect(ordinalAt(0)).toBe(2)
    expect(ordinalAt(7)).toBe(9)
  })
})

describe('steps and saving', () => {
  it('asks for the picture first, then a complete form', () => {
    expect(stepProblem(false, false, 1)).toBe(TransportMsg.deliveryPictureMissing)
    expect(stepProblem(false, true, 2)).toBe(TransportMsg.signPictureMissing)
    expect(stepProblem(true, false, 1)).toBe(TransportMsg.incomplete)
    expect(stepProblem(true, true, 2)).toBeNull()
  })

  it('step 1\'s temporary save sends the delivery note alone, in the server\'s schema', () => {
    const body = transportBody({ delivery: { deliveryNetWeight: 38.5, deliveryManufactory: '海螺', deliveryTime: '2026-09-12 13:03:42' }, deliveryPicId: 5 })
    expect(body).toMatchObject({ deliveryNetWeight: 38.5, deliveryManufactory: '海螺', deliveryPicId: 5 })
    expect(body).not.toHaveProperty('signPicId')
    expect(body).not.toHaveProperty('destinations')
    expect(transportBodySchema.safeParse(body).success).toBe(true)
  })

  it('the full body carries both notes, the destinations without their keys, the total, the version and the confirmation', () => {
    const body = transportBody({
      delivery: { deliveryNetWeight: 40 }, deliveryPicId: 5,
      sign: { signFirstNetWeight: '30.5', signNetWeight: 99, signUser: ' 张伟 ' }, signPicId: 6,
      destinations: [dest(9.5, { dest: '二号工地', signTime: '2026-09-13 10:00:00' })],
      transport: { id: 12, version: 3 },
      confirmDuplicate: true,
    })
    expect(body).toMatchObject({ signFirstNetWeight: 30.5, signNetWeight: 40, signUser: '张伟', signPicId: 6, id: 12, version: 3, confirmDuplicate: true })
    expect(body.destinations).toEqual([{ weight: 9.5, dest: '二号工地', signTime: '2026-09-13 10:00:00' }])
    expect(transportBodySchema.safeParse(body).success).toBe(true)
  })

  it('restores a temporarily saved transport: values, times, pictures and destinations in order', () => {
    const t = {
      id: 9, status: 1, version: 2, deliveryNetWeight: 38.57, deliveryTime: '2026-09-12T05:03:42.000Z', deliveryTimeStr: '2026-09-12 13:03:42',
      signFirstNetWeight: 30, signNetWeight: 35, signTime: null, signTimeStr: '', deliveryPicId: 4, deliveryPicUrl: '/api/x?id=4', signPicId: null,
      signPicUrl: null, deliveryOrigin: '原文', signOrigin: null,
      destinations: [
        { id: 2, ordinal: 3, weight: 2, signTimeStr: '', signTime: null },
        { id: 1, ordinal: 2, weight: 3, signTimeStr: '2026-09-13 10:00:00', signTime: '2026-09-13T02:00:00.000Z', bags: null },
      ],
    } as unknown as Transport
    expect(valuesOfTransport(1, t)).toMatchObject({ deliveryNetWeight: 38.57, deliveryTime: '2026-09-12 13:03:42' })
    expect(valuesOfTransport(2, t)).toMatchObject({ signFirstNetWeight: 30, signNetWeight: 35, signTime: null })
    expect(readingOfTransport(1, t)).toMatchObject({ picId: 4, origin: '原文' })
    expect(readingOfTransport(2, t)).toBeNull()
    expect(destinationRowsOf(t).map((d) => [d.weight, d.signTime])).toEqual([[3, '2026-09-13 10:00:00'], [2, null]])
  })

  it('reads the duplicates of a refused save and names them', () => {
    const d = { transportId: 12, reason: 'number' as const, ticketType: 1 as const, number: 'XS1', createTime: '2026-01-02 03:04:05' }
    expect(duplicatesOf([d, null, { x: 1 }])).toEqual([d])
    expect(duplicatesOf({ message: 'x' })).toEqual([])
    expect(duplicateLabel(d)).toBe('运单 12：同一单号 XS1（2026-01-02 03:04:05 上传）')
    expect(duplicateLabel({ ...d, reason: 'picture' })).toBe('运单 12：同一张照片（2026-01-02 03:04:05 上传）')
  })

  it('reads numbers from text', () => {
    expect(toNumber(' 38.5 ')).toBe(38.5)
    expect(toNumber('')).toBeNull()
    expect(toNumber('abc')).toBeNull()
    expect(toNumber(undefined)).toBeNull()
  })
})

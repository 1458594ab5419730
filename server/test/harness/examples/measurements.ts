import { formatDateTime } from '@app/contract'
import { activityToken } from '../../../src/modules/measurements/publicLink.js'
import type { Examples, RouteExample } from './types.js'

const reading = () => ({ requestId: 'walk-1', idNo: '110105199003071239', measuredTime: formatDateTime(new Date(Date.now() - 3_600_000)), systolic: 120, diastolic: 80 })

/**
 * Devices and measurements (modules/measurements): B's device and B named as the base answer as
 * missing; A's list is served without B's readings. A device posts with its own credential: a user's
 * session is none, so the walk's call (a user's token, no device number) is refused as such.
 */
export const measurementExamples: Examples = {
  '/api/machine/find': ({ b }): RouteExample[] => [{ body: { companyId: b.companyId }, expect: 'otherBase' }, { body: { type: '乙方' }, expect: 'served' }],
  '/api/machine/save': ({ b }) => ({ body: { type: '血压计', deviceNo: 'WALK-NEW', companyId: b.companyId }, expect: 'otherBase' }),
  '/api/machine/update/:id': ({ b }): RouteExample[] => [
    { params: { id: b.id('machine') }, body: { type: '血压计', deviceNo: 'WALK-UPD' }, expect: 'refused' },
    { params: { id: b.id('machine') }, body: { type: '血压计', deviceNo: 'WALK-UPD', companyId: b.companyId }, expect: 'otherBase' },
  ],
  '/api/machine/resetSecret/:id': ({ b }) => ({ params: { id: b.id('machine') }, expect: 'refused' }),
  '/api/machine/delete/:id': ({ b }) => ({ params: { id: b.id('machine') }, expect: 'refused' }),
  '/api/measurement/find': ({ b }): RouteExample[] => [
    { body: { companyId: b.companyId }, expect: 'otherBase' },
    { body: { machineId: b.id('machine') }, expect: 'served' },
    { body: { testeeId: b.id('testee'), abnormal: true }, expect: 'served' },
  ],
  '/api/measurement/export/:companyId': ({ b }): RouteExample[] => [
    { params: { companyId: b.companyId }, expect: 'otherBase' },
    { params: { companyId: b.companyId }, query: { companyId: b.companyId }, expect: 'otherBase' },
  ],
  '/api/machine/measurement': () => ({ body: reading(), expect: 'refused' }),
  // the link B's device gave its member (healthRows: device ZX9-DEVICE, secret hash of zeros) opens for anyone who holds it
  '/api/public/activity/reports': ({ b }) => ({
    query: { userNo: b.id('testee'), deviceNo: 'ZX9-DEVICE', token: activityToken('0'.repeat(64), b.id('testee'), 'ZX9-DEVICE') },
    expect: 'public',
  }),
}

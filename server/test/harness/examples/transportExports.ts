import { TRANSPORT_COLUMN_KEYS } from '@app/contract'
import { MARKER } from '../otherCompany.js'
import type { Examples } from './types.js'

const statement = { deliveryTimeQuery: ['2024-05-01', '2024-05-31'], deliveryCustomer: MARKER, deliveryCarrier: MARKER }

/**
 * The transport grid's toolbar (modules/transportExports): asked for B, exports and tolerances answer
 * A's own; B's transport cannot be named for an SMS.
 */
export const transportExportExamples: Examples = {
  '/api/logistics/export': ({ b }) => ({ body: { companyId: b.companyId, exportColumns: TRANSPORT_COLUMN_KEYS }, expect: 'served' }),
  // A has no transport of B's customer and carrier: the statement says there is nothing to reconcile (400)
  '/api/logistics/exportSum': ({ b }) => ({ body: { companyId: b.companyId, ...statement }, expect: 400 }),
  '/api/sms/send': ({ b }) => ({ body: { ids: [b.id('transport')] }, expect: 'refused' }),
  '/api/logistics/tolerance/find': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'served' }),
  '/api/logistics/tolerance/save': ({ b }) => ({ body: { companyId: b.companyId, settlement: '走查结算', unit: 'ton', value: 3 }, expect: 'served' }),
}

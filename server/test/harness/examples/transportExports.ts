import { TRANSPORT_COLUMN_KEYS } from '@app/contract'
import { MARKER } from '../otherCompany.js'
import type { Examples } from './types.js'

const statement = { deliveryTimeQuery: ['2024-05-01', '2024-05-31'], deliveryCustomer: MARKER, deliveryCarrier: MARKER }

/**
 * The transport grid's toolbar (modules/transportExports): B named as the base of an export, a
 * statement, the tolerances or an SMS answers as missing; so does B's transport named for an SMS;
 * named among an export's selected rows, it is left out.
 */
export const transportExportExamples: Examples = {
  '/api/logistics/export': ({ b }) => [
    { body: { companyId: b.companyId, exportColumns: TRANSPORT_COLUMN_KEYS }, expect: 'otherBase' },
    // B's transport among the selected ones: the file is A's, without it
    { body: { ids: [b.id('transport')], exportColumns: TRANSPORT_COLUMN_KEYS }, expect: 'served' },
  ],
  '/api/logistics/exportSum': ({ b }) => [
    { body: { companyId: b.companyId, ...statement }, expect: 'otherBase' },
    // A has no transport of B's customer and carrier: the statement says there is nothing to reconcile (400)
    { body: statement, expect: 400 },
  ],
  '/api/sms/send': ({ b }) => [
    { body: { ids: [b.id('transport')] }, expect: 'refused' },
    { body: { companyId: b.companyId }, expect: 'otherBase' },
  ],
  '/api/logistics/tolerance/find': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/logistics/tolerance/save': ({ b }) => ({ body: { companyId: b.companyId, settlement: '走查结算', unit: 'ton', value: 3 }, expect: 'otherBase' }),
}

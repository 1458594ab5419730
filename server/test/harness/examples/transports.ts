import sharp from 'sharp'
import type { Examples } from './types.js'

const photo = async () => ({ name: 'dest.png', type: 'image/png', data: await sharp({ create: { width: 12, height: 12, channels: 3, background: '#336699' } }).png().toBuffer() })

/**
 * Transports (modules/transports): B named as the base of a list, and B's transports, answer as
 * missing to every read and write, and a write naming B's transport or continuing it changes nothing of B's.
 */
export const transportExamples: Examples = {
  '/api/logistics/find': ({ b }) => ({ body: { companyId: b.companyId, page: 1, size: 100 }, expect: 'otherBase' }),
  '/api/logistics/grid': ({ b }) => ({ body: { companyId: b.companyId, page: 1, size: 100 }, expect: 'otherBase' }),
  '/api/logistics/findCenter': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/logistics/findList': ({ b }) => ({ query: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/logistics/get/getLogistics': ({ b }) => ({ query: { id: b.id('transport') }, expect: 'refused' }),
  '/api/logistics/findDou': ({ b }) => ({ query: { id: b.id('transport') }, expect: 'refused' }),
  '/api/logistics/saveTemp': ({ b }) => ({ body: { id: b.id('tempTransport'), deliveryPicId: b.id('ticketPicture'), deliveryNetWeight: 30 }, expect: 'refused' }),
  '/api/logistics/saveTempFin': ({ b }) => ({
    body: { id: b.id('tempTransport'), deliveryPicId: b.id('ticketPicture'), signPicId: b.id('ticketPicture') }, expect: 'refused',
  }),
  '/api/logistics/save': ({ b }) => ({
    body: { id: b.id('tempTransport'), deliveryPicId: b.id('ticketPicture'), signPicId: b.id('ticketPicture'), deliveryNetWeight: 30 }, expect: 'refused',
  }),
  '/api/logistics/update/:id': ({ b }) => ({
    params: { id: b.id('transport') }, body: { deliveryManufactory: '走查', deliveryNetWeight: 30, version: 1 }, expect: 'refused',
  }),
  '/api/logistics/upStatus/:id': ({ b }) => ({ params: { id: b.id('transport') }, body: { status: 3 }, expect: 'refused' }),
  '/api/logistics/delete/:id': ({ b }) => ({ params: { id: b.id('transport') }, expect: 'refused' }),
  '/api/logistics/upload': async () => ({ form: { file: await photo() }, expect: 'served' }),
}

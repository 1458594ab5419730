import type { Examples } from './types.js'

/** Tank diagrams (modules/diagrams): B's report answers as missing to both calls. */
export const diagramExamples: Examples = {
  '/api/report/loadFabric/:id': ({ b }) => ({ params: { id: b.id('report') }, expect: 'refused' }),
  '/api/report/diagramPng/:id': ({ b }) => ({ params: { id: b.id('report') }, expect: 'refused' }),
  '/api/report/saveFabric/:id': ({ b }) => ({ params: { id: b.id('report') }, body: { canvas: { version: '7.4.0', objects: [] }, version: 0 }, expect: 'refused' }),
}

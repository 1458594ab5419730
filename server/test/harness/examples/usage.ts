import type { Examples } from './types.js'

/** Usage statistics (modules/usage): asked for B, each answers A's own users. */
export const usageExamples: Examples = {
  '/api/use/find': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'served' }),
  '/api/use/chart': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'served' }),
  '/api/use/export/:companyId': ({ b }) => ({ params: { companyId: b.companyId }, query: { companyId: b.companyId }, expect: 'served' }),
}

import type { Examples } from './types.js'

/** Usage statistics (modules/usage): B named as the base answers as missing. */
export const usageExamples: Examples = {
  '/api/use/find': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/use/chart': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/use/export/:companyId': ({ b }) => ({ params: { companyId: b.companyId }, query: { companyId: b.companyId }, expect: 'otherBase' }),
}

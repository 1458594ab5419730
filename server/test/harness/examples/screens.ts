import { screenLinkSignature } from '../../../src/modules/screens/links.js'
import { B_SCREEN_KEY } from '../screenRows.js'
import type { Examples, RouteExample } from './types.js'

/**
 * Big screens (modules/screens): B named as the base answers as missing, A's screen shows A alone; the
 * embed link B made opens B's screen for anyone who holds it (its name on the page is what B shows).
 */
export const screenExamples: Examples = {
  '/api/screen/data': ({ b }): RouteExample[] => [{ query: { companyId: b.companyId }, expect: 'otherBase' }, { expect: 'served' }],
  '/api/screen/embed/link': ({ b }): RouteExample[] => [{ body: { companyId: b.companyId }, expect: 'otherBase' }, { body: {}, expect: 'served' }],
  '/api/screen/embed/data': ({ b }) => {
    const timestamp = Date.now()
    return { query: { companyId: b.companyId, timestamp, signature: screenLinkSignature(B_SCREEN_KEY, b.companyId, timestamp) }, expect: 'public' }
  },
}

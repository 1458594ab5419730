import type { Examples } from './types.js'

/** Health and readiness (modules/operations): nothing of any base in them. /api/metrics exists only with METRICS_TOKEN. */
export const operationsExamples: Examples = {
  '/api/health': () => ({ expect: 'served' }),
  // ready: the walk has read tickets (their routes come first), which started the OCR workers
  '/api/ready': () => ({ expect: 'served' }),
}

import type { Examples } from './types.js'

/** Health and readiness (modules/operations): nothing of any base in them. /api/metrics exists only with METRICS_TOKEN. */
export const operationsExamples: Examples = {
  '/api/health': () => ({ expect: 'served' }),
  // the test server never starts its OCR workers: not ready, whoever asks
  '/api/ready': () => ({ expect: 503 }),
}

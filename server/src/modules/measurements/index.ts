/** Devices (machines) and their measurements: device credentials, idempotent posts with the day's counts, the list. */
export { measurementRoutes } from './routes.js'
export { allMeasurements, measurementExport, newestFirst, saveMachine } from './service.js'
export { authenticateDevice } from './devices.js'
export { recordMeasurement } from './ingest.js'

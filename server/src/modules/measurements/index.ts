/** Devices (machines) and their measurements: device credentials, idempotent posts with the day's counts, the list. */
export { measurementRoutes } from './routes.js'

/** The operation log (日志): what other modules write with `writeLog`, and its list. */
export { logRoutes } from './routes.js'
export { writeLog } from './service.js'

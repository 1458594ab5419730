/** Headquarters' library of check items (检验指标). */
export { indicatorRoutes } from './routes.js'

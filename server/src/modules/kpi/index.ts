/** Inspection statistics (检验统计): figures per base and inspector, step times, the reports behind a figure. */
export { kpiRoutes } from './routes.js'

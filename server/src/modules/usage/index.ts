/** Usage statistics (使用统计): uploads and readings per base, its chart and export. */
export { usageRoutes } from './routes.js'

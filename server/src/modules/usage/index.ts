/** Usage statistics (使用统计): uploads, failed readings, transports over tolerance and tonnage per user and base; its chart and export. */
export { usageRoutes } from './routes.js'

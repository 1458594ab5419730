/** The tank diagram drawn on an inspection report: load, versioned save, its picture (read as the report's, reports/diagramPicture.ts). */
export { diagramRoutes } from './routes.js'

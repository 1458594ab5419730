/** Process templates (车辆类型, URLs `/model/*`) and non-process templates (`/indicatorOut/*`): an inspection's steps and check items, versioned. */
export { processTemplateRoutes } from './routes.js'
export { seedInspectionTemplates } from './seedTemplates.js'
export { saveTemplate } from './service.js'

/** Activities (活动): a base's health-check days, their list, detail, create, edit and remove. */
export { activityRoutes } from './routes.js'
export { createActivity } from './service.js'

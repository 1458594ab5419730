/** Each signed-in user's own settings (columns, filters kept by the web app). */
export { userSettingRoutes } from './routes.js'

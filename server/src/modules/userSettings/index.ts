/** Each signed-in user's own settings (the transport grid's columns), never anyone else's. */
export { userSettingRoutes } from './routes.js'

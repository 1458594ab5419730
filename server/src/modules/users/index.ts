/** Users of the bases, their roles and menus (`MenuCache`, built into the app context), the import, and one's own profile and password. */
export { saveUser } from './admin.js'
export { userRoutes } from './routes.js'
export { MenuCache } from './service.js'

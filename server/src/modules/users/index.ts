/** Users of the bases, their roles and menus, the import, and one's own profile and password. */
export { saveUser } from './admin.js'
export { userRoutes } from './routes.js'

/** Big screens (数据大屏): today's figures of a base or of every base, and their signed embed links. */
export { screenRoutes } from './routes.js'

/** Supply orders (供货设置): the material one base gets from another, set by headquarters. */
export { supplyOrderRoutes } from './routes.js'
export { isPaired } from './service.js'

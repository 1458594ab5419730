/** Supply orders (供货单) of the bases. */
export { supplyOrderRoutes } from './routes.js'

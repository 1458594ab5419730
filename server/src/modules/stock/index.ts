/** Stock (库存): each base's ledger of movements and balances, stock-taking, supply orders and sales. */
export { stockRoutes } from './routes.js'
export { logChange } from './audit.js'

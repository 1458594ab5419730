/** Recharges (充值) of a base's upload times and seats, and their records. */
export { rechargeRoutes } from './routes.js'
export { recharge } from './service.js'

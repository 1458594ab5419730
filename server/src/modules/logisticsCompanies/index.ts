/** The logistics companies (物流公司) of a base, and the carriers' mobiles the pound-difference SMS is sent to. */
export { logisticsCompanyRoutes } from './routes.js'
export { carrierMobiles } from './service.js'

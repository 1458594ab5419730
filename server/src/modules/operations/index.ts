/** For the load balancer and the operator: /health, /ready, /metrics. */
export { operationsRoutes } from './routes.js'

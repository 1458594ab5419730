/** Material reference data (物料类型, 物料): headquarters keeps them; bases pick from the materials in use. */
export { materialRoutes } from './routes.js'

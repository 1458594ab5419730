/** The goods registry (物品登记): its routes. Search by photo plugs in beside them (see routes.ts). */
export { goodsRoutes } from './routes.js'

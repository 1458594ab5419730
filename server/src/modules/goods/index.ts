/** The goods registry (物品登记): its routes, and the start-up catch-up of its photo index. */
export { backfillGoodsPhotos, goodsRoutes } from './routes.js'

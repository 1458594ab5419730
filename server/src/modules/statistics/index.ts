/** 数据统计 (issue 36): the measurement charts, the drill-down to persons, the export and the town trace, read from the roll-ups. */
export { statisticsRoutes } from './routes.js'

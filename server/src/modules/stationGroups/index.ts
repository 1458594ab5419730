/** Station groups (工位分组) and their stations of every base. */
export { stationGroupRoutes } from './routes.js'
export { saveStationGroup } from './service.js'

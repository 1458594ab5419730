/** Members (会员, testees): a base's people in departments, masked in lists, revealed one at a time with a log entry. */
export { memberRoutes } from './routes.js'
export { saveMember } from './service.js'

/** Ticket formats (票据格式) and their extraction rules (取值规则), and the reading configuration the ticket reader takes from them. */
export { receiptFormatRoutes } from './routes.js'
export { checkRulePatterns, loadReadingConfig, saveFormat, saveRule, type ReadingConfig } from './service.js'

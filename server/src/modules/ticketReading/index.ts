/**
 * Reading a ticket: OCR plus the receipt formats' rules turn a photo (or pasted text) into fields,
 * boxes and doubts, and the rule tester of the 取值规则 page. It reads only: it keeps no picture,
 * takes no upload time and knows nothing of transports (the upload is the transports module's).
 */
export { ticketReadingRoutes } from './routes.js'
export { readTicket, type ReadingDeps } from './service.js'

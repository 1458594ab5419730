/**
 * Transports (运单) and the way a photographed ticket becomes one. This module owns the upload
 * (/logistics/analysis): it charges the upload time (quota), has the ticket read (ticketReading, which
 * only reads), records the reading, looks up duplicates and the base's saved names in its own tables,
 * keeps the picture, and saves the transport. transportExports reads transports through this face.
 */
export { TICKET_PICTURE_SIZE } from './analysis.js'
export { allTransportColumns, selectTransports, toTransport, transportList } from './query.js'
export { computedWeights, destinationRows, destinationsOf, recordOf, ticketValues } from './record.js'
export { transportRoutes } from './routes.js'
export { toleranceLookup } from './tolerance.js'

/**
 * Inspection reports: registration, the state machine, records, the PDF and the public verification.
 * A report's diagram is drawn in the diagrams module, which reads the report through `reportRow`; the
 * report shows the diagram's picture (diagramPicture.ts), so reports never import diagrams.
 */
export { DIAGRAM_PICTURE, diagramPicture, pngBytes } from './diagramPicture.js'
export { reportRow } from './list.js'
export { saveRecord, versionSteps } from './records.js'
export { registerFromReservation, registerReport, updateRegistration } from './registration.js'
export { reportRoutes } from './routes.js'
export { moveReport, startReport } from './workflow.js'

/** The transport grid's toolbar: data export, reconciliation statement (built in a file worker), SMS to carriers, tolerances. */
export { transportExportRoutes } from './routes.js'

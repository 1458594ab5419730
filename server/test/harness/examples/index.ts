import { attachmentExamples } from './attachments.js'
import { authExamples } from './auth.js'
import { companyExamples } from './companies.js'
import { diagramExamples } from './diagrams.js'
import { goodsExamples } from './goods.js'
import { healthExamples } from './health.js'
import { measurementExamples } from './measurements.js'
import { inspectionRefExamples } from './inspectionRefs.js'
import { operationsExamples } from './operations.js'
import { kpiExamples } from './kpi.js'
import { rechargeExamples } from './recharge.js'
import { reservationExamples } from './reservations.js'
import { screenExamples } from './screens.js'
import { reportExamples } from './reports.js'
import { statisticsExamples } from './statistics.js'
import { stockExamples } from './stock.js'
import { ticketExamples } from './tickets.js'
import { transportExamples } from './transports.js'
import { transportExportExamples } from './transportExports.js'
import { logisticsCompanyExamples } from './logisticsCompanies.js'
import { usageExamples } from './usage.js'
import { userSettingExamples } from './userSettings.js'
import type { Examples } from './types.js'
import { userExamples } from './users.js'

export type { ExampleContext, Outcome, RouteExample } from './types.js'

/** A valid call of every API route with company B's ids; a new route adds its example in its module's file. */
export const routeExamples: Examples = {
  ...authExamples, ...userExamples, ...companyExamples, ...rechargeExamples, ...attachmentExamples, ...ticketExamples,
  ...transportExamples, ...transportExportExamples, ...logisticsCompanyExamples, ...usageExamples, ...userSettingExamples,
  ...inspectionRefExamples,
  ...reservationExamples,
  ...reportExamples,
  ...diagramExamples,
  ...kpiExamples,
  ...goodsExamples,
  ...operationsExamples,
  ...stockExamples,
  ...healthExamples,
  ...measurementExamples,
  ...statisticsExamples,
  ...screenExamples,
}

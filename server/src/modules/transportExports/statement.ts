import {
  formatDateTime, poundDiffOver, rangeBounds, STATEMENT_MAX_ROWS, TransportExportMsg, TransportStatus, type ExportSumBody,
} from '@app/contract'
import { and, asc, count, eq, gte, lte, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { transports } from '../../db/schema/index.js'
import type { Statement } from '../../files/statementWorkbook.js'
import { ValidationError } from '../../platform/errors.js'
import type { SessionUser } from '../../platform/sessions.js'
import { inCompanyScope } from '../../platform/tenancy.js'
import { selectTransports, toleranceLookup, toTransport } from '../transports/index.js'

/** The transports of a reconciliation statement (the workbook is built in a file worker: files/statementWorkbook.ts). */
export async function loadStatement(db: Executor, auth: SessionUser, body: ExportSumBody): Promise<Statement> {
  const range = body.deliveryTimeQuery as [string, string]
  const { from, to } = rangeBounds(range)
  const where: SQL | undefined = and(
    inCompanyScope(auth, transports.companyId, body.companyId),
    eq(transports.status, TransportStatus.DONE),
    eq(transports.deliveryCustomer, body.deliveryCustomer!),
    eq(transports.deliveryCarrier, body.deliveryCarrier!),
    gte(transports.deliveryTime, from!),
    lte(transports.deliveryTime, to!),
  )
  const [{ n }] = (await db.select({ n: count() }).from(transports).where(where)) as [{ n: number }]
  if (n === 0) throw new ValidationError(TransportExportMsg.noTransports)
  if (n > STATEMENT_MAX_ROWS) throw new ValidationError(TransportExportMsg.tooManyForStatement(n))
  const rows = (await selectTransports(db).where(where).orderBy(asc(transports.deliveryTime), asc(transports.id))).map(toTransport)
  const tolerance = await toleranceLookup(db, rows.map((t) => t.companyId))
  const over = new Set(rows.filter((t) => poundDiffOver(t.poundDiff, tolerance(t.companyId, t.signSettlement as string | null), t.deliveryNetWeight as number | null)).map((t) => t.id))
  return {
    customer: body.deliveryCustomer!, carrier: body.deliveryCarrier!,
    bases: [...new Set(rows.map((t) => t.companyName))].join('、'),
    period: range, rows, over, madeAt: formatDateTime(new Date()),
  }
}


import type { FastifyContextConfig, FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { authOf, type Auth } from './access.js'
import { exportCompany, exportParams, type Export } from './exports.js'

type Filters = z.ZodType<object>

/** What a list's filters become for its rows: `companyId` is the base the export is limited to, undefined for every base the caller sees. */
export type ExportFilters<E extends Filters> = Omit<z.output<E>, 'companyId'> & { companyId?: number }

/**
 * The spec's `GET {url}/:companyId` export of a list: `query` its filters (the querystring; without
 * them every row), `exporter` the file, `rows` the list's rows under the filters (its service's
 * `allRows`). The path's base and a `companyId` among the filters go through `exportCompany` before
 * the file starts, so a refusal is an answer and not a cut file.
 */
export interface ExportRoute<E extends Filters, T> {
  /** without the `/:companyId` the route adds, e.g. '/log/export' */
  url: string
  config: FastifyContextConfig
  tags: string[]
  summary: string
  query?: E
  exporter: Export<T>
  rows: (auth: Auth, filters: ExportFilters<E>) => AsyncIterable<T>
}

export function exportRoute<E extends Filters, T>(app: FastifyInstance, spec: ExportRoute<E, T>) {
  const { config, tags, summary, query } = spec
  app.withTypeProvider<ZodTypeProvider>().get(`${spec.url}/:companyId`, {
    config,
    schema: { tags, summary, params: exportParams, ...(query && { querystring: query }) },
  }, async (req, reply) => {
    const auth = authOf(req)
    // without a schema the querystring is not read: no filter names a base there
    const filters = (query ? req.query : {}) as z.output<E> & { companyId?: number | null }
    const companyId = exportCompany(auth, req.params.companyId, filters.companyId)
    return spec.exporter.send(reply, spec.rows(auth, { ...filters, companyId }))
  })
}

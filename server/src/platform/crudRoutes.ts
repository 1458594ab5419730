import { idParam, Msg, type Page } from '@app/contract'
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { done } from './envelope.js'
import type { Auth } from './access.js'
import type { Export } from './exports.js'
import { exportRoute, type ExportFilters } from './exportRoute.js'

type Schema = z.ZodTypeAny
type Filters = z.ZodType<object>

type Action = 'find' | 'findCenter' | 'save' | 'update' | 'delete' | 'export'

/**
 * A list kept from an admin screen, served under `path` (e.g. '/log') by six routes: `find` (paged),
 * `findCenter` (one unpaged page of `centerSize` rows), `save`, `update/:id`, `delete/:id` and
 * `export/:companyId`. Handlers get the request (for `authOf`) and the parsed input; saves and
 * updates answer their row with `Msg.created`/`Msg.updated`, a delete `Msg.deleted`.
 * The API docs name the routes after `noun` (its tag, `${noun}编号`, `新增${noun}`, …) unless `summary` says otherwise.
 */
export interface CrudRoutes<Q extends Schema, B extends Schema, U extends Schema, E extends Filters, T> {
  path: string
  noun: string
  config: FastifyContextConfig
  summary?: Partial<Record<Action, string>>
  query: Q
  centerSize: number
  find: (req: FastifyRequest, query: z.output<Q>) => Promise<Page<T>>
  body: B
  save: (req: FastifyRequest, body: z.output<B>) => Promise<unknown>
  updateBody: U
  update: (req: FastifyRequest, id: number, body: z.output<U>) => Promise<unknown>
  remove: (req: FastifyRequest, id: number) => Promise<unknown>
  /** the export's filters (querystring); without them it exports every row */
  exportQuery?: E
  exporter: Export<T>
  /** the rows to export (see `exportRoute`): the filters' `companyId` is the base the path and the filters limit it to */
  exportRows: (auth: Auth, filters: ExportFilters<E>) => AsyncIterable<T>
}

export function crudRoutes<Q extends Schema, B extends Schema, U extends Schema, E extends Filters, T>(
  app: FastifyInstance,
  spec: CrudRoutes<Q, B, U, E, T>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { path, noun, config } = spec
  const tags = [noun]
  const summary: Record<Action, string> = {
    find: `${noun}列表`, findCenter: `${noun}（不分页）`, save: `新增${noun}`, update: `编辑${noun}`, delete: `删除${noun}`,
    export: `导出${noun}（${spec.exporter.format}）`, ...spec.summary,
  }
  const idParams = z.object({ id: idParam().describe(`${noun}编号`) })
  const id = (req: FastifyRequest) => (req.params as z.output<typeof idParams>).id

  r.post(`${path}/find`, { config, schema: { tags, summary: summary.find, body: spec.query } },
    async (req) => spec.find(req, req.body as z.output<Q>))
  r.post(`${path}/findCenter`, { config, schema: { tags, summary: summary.findCenter, body: spec.query.optional() } },
    async (req) => (await spec.find(req, { ...(req.body as object), page: 1, size: spec.centerSize } as z.output<Q>)).data)
  r.post(`${path}/save`, { config, schema: { tags, summary: summary.save, body: spec.body } },
    async (req) => done(await spec.save(req, req.body as z.output<B>), Msg.created))
  r.put(`${path}/update/:id`, { config, schema: { tags, summary: summary.update, params: idParams, body: spec.updateBody } },
    async (req) => done(await spec.update(req, id(req), req.body as z.output<U>), Msg.updated))
  r.delete(`${path}/delete/:id`, { config, schema: { tags, summary: summary.delete, params: idParams } }, async (req) => {
    await spec.remove(req, id(req))
    return done(null, Msg.deleted)
  })
  // also where the rows are every base's (formats, rules): another base's id is refused everywhere
  exportRoute(app, { url: `${path}/export`, config, tags, summary: summary.export, query: spec.exportQuery, exporter: spec.exporter, rows: spec.exportRows })
}

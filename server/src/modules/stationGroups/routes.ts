import { optIdField, stationGroupBody, stationGroupFilters, stationGroupQuery } from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { crudRoutes } from '../../platform/crudRoutes.js'
import * as service from './service.js'

/**
 * `/groups/*` (工位分组, permission groups, headquarters only): station groups and their stations of
 * every base (or the one named).
 * `/groups/stations` gives the change-station dialog its choices (permission trace).
 */
export function stationGroupRoutes(app: FastifyInstance, ctx: AppContext) {
  const noun = '工位分组'
  const config = { access: { permission: 'groups' as const, hq: true as const } }
  crudRoutes(app, {
    path: '/groups', noun, config,
    summary: { find: '工位分组列表（名称、中心、基地）', findCenter: '工位分组（不分页，最多 1000 个）' },
    query: stationGroupQuery, centerSize: 1000, find: (req, q) => service.findStationGroups(ctx.db, authOf(req), q),
    body: stationGroupBody, save: (req, body) => service.saveStationGroup(ctx.db, authOf(req), body),
    updateBody: stationGroupBody, update: (req, id, body) => service.updateStationGroup(ctx.db, authOf(req), id, body),
    remove: (req, id) => service.deleteStationGroup(ctx.db, authOf(req), id),
    exportQuery: stationGroupFilters,
    exporter: service.stationGroupExport,
    exportRows: (auth, q) => service.allStationGroups(ctx.db, auth, q),
  })

  app.withTypeProvider<ZodTypeProvider>().get('/groups/stations', {
    config: { access: 'trace' },
    schema: { tags: [noun], summary: '本基地的工位分组和工位（更换工位时选择）', querystring: z.object({ companyId: optIdField('基地') }) },
  }, async (req) => service.stationChoices(ctx.db, authOf(req), req.query.companyId))
}

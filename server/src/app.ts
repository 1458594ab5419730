import crypto from 'node:crypto'
import { installZodChinese, RequestMsg, SCREEN_EMBED_PATH, TICKET_MAX_BYTES } from '@app/contract'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.js'
import type { AppContext } from './context.js'
import type { Database } from './db/client.js'
import { scheduleUpkeep } from './db/upkeep.js'
import { startFileJobs } from './files/jobs.js'
import { startPhotoMatchJobs } from './goods/photoMatch/index.js'
import { authRoutes } from './modules/auth/index.js'
import { MenuCache } from './platform/menus.js'
import { userRoutes } from './modules/users/index.js'
import { companyRoutes } from './modules/companies/index.js'
import { rechargeRoutes } from './modules/recharge/index.js'
import { reservationRoutes } from './modules/reservations/index.js'
import { supplyOrderRoutes } from './modules/supplyOrders/index.js'
import { attachmentRoutes } from './modules/attachments/index.js'
import { logRoutes } from './modules/logs/index.js'
import { receiptFormatRoutes } from './modules/receiptFormats/index.js'
import { ticketReadingRoutes } from './modules/ticketReading/index.js'
import { transportRoutes } from './modules/transports/index.js'
import { transportExportRoutes } from './modules/transportExports/index.js'
import { logisticsCompanyRoutes } from './modules/logisticsCompanies/index.js'
import { usageRoutes } from './modules/usage/index.js'
import { userSettingRoutes } from './modules/userSettings/index.js'
import { processTemplateRoutes } from './modules/processTemplates/index.js'
import { indicatorRoutes } from './modules/indicators/index.js'
import { stationGroupRoutes } from './modules/stationGroups/index.js'
import { reportRoutes } from './modules/reports/index.js'
import { diagramRoutes } from './modules/diagrams/index.js'
import { operationsRoutes } from './modules/operations/index.js'
import { kpiRoutes } from './modules/kpi/index.js'
import { goodsRoutes } from './modules/goods/index.js'
import { materialRoutes } from './modules/materials/index.js'
import { stockRoutes } from './modules/stock/index.js'
import { activityRoutes } from './modules/activities/index.js'
import { memberRoutes } from './modules/members/index.js'
import { measurementRoutes } from './modules/measurements/index.js'
import { statisticsRoutes } from './modules/statistics/index.js'
import { screenRoutes } from './modules/screens/index.js'
import { createFileStore } from './platform/files.js'
import { registerAccess, type ApiRoute } from './platform/access.js'
import { registerCompression } from './platform/compression.js'
import { registerErrorAnswers, wrapAnswers } from './platform/envelope.js'
import { listenForInvalidations, onInvalidation } from './platform/invalidation.js'
import { createMetrics } from './platform/metrics.js'
import { TicketReader } from './ocr/reader.js'
import { RateLimitError } from './platform/errors.js'
import { schedulePruning } from './platform/prune.js'
import { databaseRateStore } from './platform/rateLimit.js'
import { RoleRegistry } from './platform/roles.js'
import { registerSecurityHeaders, ROUTER_ANSWER_HEADERS } from './platform/securityHeaders.js'
import { openCipher } from './platform/rsa.js'
import { outboxSms, webhookSms } from './platform/sms.js'
import { loadWebApp } from './platform/webApp.js'

installZodChinese()

/** Every module's routes, registered under /api in one place. */
const modules = [authRoutes, userRoutes, companyRoutes, supplyOrderRoutes, reservationRoutes, rechargeRoutes, attachmentRoutes, receiptFormatRoutes, logRoutes, ticketReadingRoutes,
  transportRoutes, transportExportRoutes, logisticsCompanyRoutes, usageRoutes, userSettingRoutes,
  processTemplateRoutes, indicatorRoutes, stationGroupRoutes, reportRoutes, diagramRoutes, kpiRoutes, goodsRoutes, operationsRoutes,
  materialRoutes, stockRoutes, activityRoutes, memberRoutes, measurementRoutes, statisticsRoutes, screenRoutes]

/**
 * The whole server without listening: plugins, hooks and modules on an open, migrated, seeded
 * database. main.ts listens on it; tests call `inject`.
 */
export type App = FastifyInstance & { ctx: AppContext; apiRoutes: ApiRoute[] }

export async function buildApp(config: Config, database: Database): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // the spec calls lists both `…/find/` and `…/find`: every route answers with and without the slash
    routerOptions: { ignoreTrailingSlash: true },
    // errors the router raises before any hook runs (bad URL encoding, over-long path segments)
    frameworkErrors: (err, _req, reply: FastifyReply) => {
      const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400
      reply.status(status).headers(ROUTER_ANSWER_HEADERS).send({ code: status, message: status === 414 ? RequestMsg.urlTooLong : RequestMsg.urlInvalid, data: null })
    },
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const roles = new RoleRegistry()
  const ctx: AppContext = {
    config,
    db: database.db,
    cipher: await openCipher(database.db, {
      legacyDir: config.inMemoryDb ? null : config.dataDir, ephemeral: config.inMemoryDb, rotateAfterMs: config.rsaKeyRotateMs,
    }),
    roles,
    sms: config.smsWebhookUrl ? webhookSms(config.smsWebhookUrl) : outboxSms(database.db, app.log),
    menus: new MenuCache(database.db),
    files: createFileStore(config),
    reader: new TicketReader(config.ocrWorkers, config.ocrThreads, config.ocrTimeoutMs),
    fileJobs: startFileJobs((kind, reason) => app.log.warn({ kind, reason }, 'file job failed')),
    photoMatch: startPhotoMatchJobs((kind, reason) => app.log.warn({ kind, reason }, 'photo match job failed')),
    lifecycle: { stopping: false },
  }
  // before any route, so every route is timed
  if (config.metricsToken) ctx.metrics = createMetrics(app, { reader: ctx.reader, poolStats: database.poolStats })
  app.decorate('ctx', ctx)
  const apiRoutes: ApiRoute[] = []
  app.decorate('apiRoutes', apiRoutes)
  app.addHook('onReady', async () => roles.load(database.db))
  // another process's logouts and role changes (PostgreSQL); a newer server's seed rewrote roles and menus
  const stopListening = await listenForInvalidations(database, app.log)
  const offRoles = onInvalidation((message) => {
    if (message && message.topic !== 'roles') return
    ctx.menus.clear()
    roles.load(database.db).catch((err: Error) => app.log.error({ err }, 'reloading roles failed'))
  })
  const pruning = schedulePruning(database.db, app.log)
  const upkeep = scheduleUpkeep(database, app.log)

  // the public big screen may be framed by the sites configured (SCREEN_FRAME_ANCESTORS), every other page by none
  const webApp = loadWebApp(config.webDist, { [SCREEN_EMBED_PATH]: config.screenFrameAncestors })
  // the web app's own routes (/login, /by_agent/index, ...) all load index.html
  registerErrorAnswers(app, webApp ? (req, reply) => webApp.sendPage(req, reply) : undefined)

  // first of the request hooks, so every answer carries the headers, refusals of the access check too
  await registerSecurityHeaders(app)
  await app.register(rateLimit, {
    global: false,
    store: databaseRateStore(database.db),
    errorResponseBuilder: () => new RateLimitError(),
  })
  // routes ask for less where they take less; a ticket photo is the largest upload
  await app.register(multipart, { limits: { fileSize: TICKET_MAX_BYTES, files: 1, fields: 20 } })
  await app.register(swagger, {
    openapi: { info: { title: '基地业务管理后台 API', version: '1.0.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } }, security: [{ bearer: [] }] },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })

  // at the root, so no /api route escapes the check wherever it is registered
  registerAccess(app, database.db, roles, apiRoutes)
  await app.register(async (api) => {
    // the API's answers only: the web app's files are compressed at build time
    await registerCompression(api)
    wrapAnswers(api)
    for (const register of modules) register(api, ctx)
  }, { prefix: '/api' })

  if (webApp) await webApp.register(app)
  // /api/ready answers 503 from here on, while requests in flight finish
  app.addHook('preClose', async () => { ctx.lifecycle.stopping = true })
  app.addHook('onClose', async () => {
    offRoles()
    await stopListening()
    await pruning.stop()
    await upkeep.stop()
    ctx.cipher.close()
    await ctx.reader.close()
    await ctx.fileJobs.close()
    await ctx.photoMatch.close()
    await database.close()
  })
  return app as unknown as App
}

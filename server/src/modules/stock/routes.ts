import {
  idParam, ledgerFilters, ledgerQuery, movementBody, Msg, refundBody, saleBody, saleFilters, saleQuery, saleSummaryFilters, saleSummaryQuery, stockFilters, stockQuery,
  StockMsg, stockTakeBody, stockTakeQuery, supplyOrderBody, supplyOrderQuery,
} from '@app/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.js'
import { authOf } from '../../platform/access.js'
import { contentDisposition } from '../../platform/download.js'
import { done } from '../../platform/envelope.js'
import { exportRoute } from '../../platform/exportRoute.js'
import { asBuffer } from '../../platform/workerPool.js'
import * as balances from './balances.js'
import * as orders from './orders.js'
import * as sales from './sales.js'
import { allSaleSummary, saleSummary, saleSummaryExport } from './saleSummary.js'
import * as takes from './stockTakes.js'

/**
 * Stock (permission company_material): balances, the ledger and hand-recorded movements
 * (/companyMaterial/*), stock-taking (/stockTake/*) and supply orders between paired bases
 * (/supplyOrder/*; the pairing itself is /companyMaterialOrder/*). Sales (permission sale): /sale/*.
 */
export function stockRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const config = { access: 'company_material' as const }
  const saleConfig = { access: 'sale' as const }
  const ids = (what: string) => z.object({ id: idParam().describe(`${what}编号`) })

  // ---- balances and ledger
  const tags = ['库存']
  r.post('/companyMaterial/find', { config, schema: { tags, summary: '库存列表（低于预警值的在前，low 标记）', body: stockQuery } },
    async (req) => balances.findBalances(ctx.db, authOf(req), req.body))
  r.post('/companyMaterial/ledger', { config, schema: { tags, summary: '出入库明细（分页，新的在前）', body: ledgerQuery } },
    async (req) => balances.findLedger(ctx.db, authOf(req), req.body))
  r.post('/companyMaterial/record', { config, schema: { tags, summary: '记录采购入库、领用或损耗', body: movementBody } },
    async (req) => done(await balances.recordMovement(ctx.db, authOf(req), req.body), StockMsg.recorded))
  exportRoute(app, { url: '/companyMaterial/export', config, tags, summary: '导出库存列表（xlsx）', query: stockFilters, exporter: balances.balanceExport,
    rows: (auth, q) => balances.allBalances(ctx.db, auth, q) })
  exportRoute(app, { url: '/companyMaterial/ledger/export', config, tags, summary: '导出出入库明细（xlsx）', query: ledgerFilters, exporter: balances.ledgerExport,
    rows: (auth, q) => balances.allLedger(ctx.db, auth, q) })

  // ---- stock-taking
  const takeTags = ['盘点']
  const takeId = ids('盘点单')
  r.post('/stockTake/find', { config, schema: { tags: takeTags, summary: '盘点单列表', body: stockTakeQuery } },
    async (req) => takes.findStockTakes(ctx.db, authOf(req), req.body))
  r.post('/stockTake/save', { config, schema: { tags: takeTags, summary: '盘点：记录实盘数量，得出差异（确认后才调整库存）', body: stockTakeBody } },
    async (req) => done(await takes.saveStockTake(ctx.db, authOf(req), req.body), Msg.created))
  r.post('/stockTake/get/:id', { config, schema: { tags: takeTags, summary: '盘点单详情', params: takeId } },
    async (req) => takes.getStockTake(ctx.db, authOf(req), req.params.id))
  r.post('/stockTake/confirm/:id', { config, schema: { tags: takeTags, summary: '确认盘点：按差异调整库存', params: takeId } },
    async (req) => done(await takes.confirmStockTake(ctx.db, authOf(req), req.params.id), StockMsg.confirmed))
  r.post('/stockTake/cancel/:id', { config, schema: { tags: takeTags, summary: '取消盘点单', params: takeId } },
    async (req) => done(await takes.cancelStockTake(ctx.db, authOf(req), req.params.id), StockMsg.cancelled))

  // ---- supply orders
  const orderTags = ['供货单']
  const orderId = ids('供货单')
  r.post('/supplyOrder/find', { config, schema: { tags: orderTags, summary: '供货单列表（本基地下的和要供的）', body: supplyOrderQuery } },
    async (req) => orders.findSupplyOrders(ctx.db, authOf(req), req.body))
  r.post('/supplyOrder/save', { config, schema: { tags: orderTags, summary: '向供货基地下供货单（须由总部设置供货关系）', body: supplyOrderBody } },
    async (req) => done(await orders.saveSupplyOrder(ctx.db, authOf(req), req.body), Msg.created))
  r.post('/supplyOrder/get/:id', { config, schema: { tags: orderTags, summary: '供货单详情', params: orderId } },
    async (req) => orders.getSupplyOrder(ctx.db, authOf(req), req.params.id))
  r.post('/supplyOrder/ship/:id', { config, schema: { tags: orderTags, summary: '供货基地确认并发货（扣减供货基地库存）', params: orderId } },
    async (req) => done(await orders.shipSupplyOrder(ctx.db, authOf(req), req.params.id), StockMsg.shipped))
  r.post('/supplyOrder/receive/:id', { config, schema: { tags: orderTags, summary: '采购基地确认收货（增加采购基地库存）', params: orderId } },
    async (req) => done(await orders.receiveSupplyOrder(ctx.db, authOf(req), req.params.id), StockMsg.received))
  r.post('/supplyOrder/cancel/:id', { config, schema: { tags: orderTags, summary: '取消供货单（发货前，任一方）', params: orderId } },
    async (req) => done(await orders.cancelSupplyOrder(ctx.db, authOf(req), req.params.id), StockMsg.cancelled))

  // ---- sales
  const saleTags = ['销售']
  const saleId = ids('销售单')
  r.post('/sale/find', { config: saleConfig, schema: { tags: saleTags, summary: '销售列表（含退款单）', body: saleQuery } },
    async (req) => sales.findSales(ctx.db, authOf(req), req.body))
  r.post('/sale/save', { config: saleConfig, schema: { tags: saleTags, summary: '销售（扣减库存）', body: saleBody } },
    async (req) => done(await sales.saveSale(ctx.db, authOf(req), req.body), Msg.created))
  r.post('/sale/get/:id', { config: saleConfig, schema: { tags: saleTags, summary: '销售单详情', params: saleId } },
    async (req) => sales.getSale(ctx.db, authOf(req), req.params.id))
  r.post('/sale/refund/:id', { config: saleConfig, schema: { tags: saleTags, summary: '整单退款（退回库存；退款单不能再退）', params: saleId, body: refundBody } },
    async (req) => done(await sales.refundSale(ctx.db, authOf(req), req.params.id, req.body), StockMsg.refunded))
  r.get('/sale/receipt/:id', { config: saleConfig, schema: { tags: saleTags, summary: '打印销售单（PDF，80mm 小票）', params: saleId, produces: ['application/pdf'] } }, async (req, reply) => {
    const sale = await sales.getSale(ctx.db, authOf(req), req.params.id)
    const pdf = await ctx.fileJobs.run('saleReceipt', { sale })
    return reply.type('application/pdf').header('content-disposition', contentDisposition(`销售单-${sale.id}.pdf`, true))
      .header('cache-control', 'private, no-store').send(asBuffer(pdf))
  })
  r.post('/sale/summary', { config: saleConfig, schema: { tags: saleTags, summary: '销售日报、月报（by：day 或 month；group：按基地 base、物料 material 或销售人 seller；金额单位分，由数据库汇总）', body: saleSummaryQuery } },
    async (req) => saleSummary(ctx.db, authOf(req), req.body))
  exportRoute(app, { url: '/sale/summary/export', config: saleConfig, tags: saleTags, summary: '导出销售日报、月报（xlsx）', query: saleSummaryFilters,
    exporter: saleSummaryExport, rows: (auth, q) => allSaleSummary(ctx.db, auth, q) })
  exportRoute(app, { url: '/sale/export', config: saleConfig, tags: saleTags, summary: '导出销售列表（xlsx）', query: saleFilters, exporter: sales.saleExport,
    rows: (auth, q) => sales.allSales(ctx.db, auth, q) })
}

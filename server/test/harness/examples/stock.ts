import type { Examples, RouteExample } from './types.js'

/**
 * Materials (modules/materials): headquarters' lists refuse a base user (403 headquarters only); the
 * options are served. Stock, counts, supply orders and sales (modules/stock): B's rows and B named as
 * the base answer as missing; A's own lists are served without anything of B.
 */
const refused = (e: Omit<RouteExample, 'expect'> = {}): RouteExample => ({ ...e, expect: 'refused' })
const materialType = { name: '走查类型' }
const material = (typeId: number) => ({ name: '走查新物料', typeId, unit: '个', listPrice: 100 })

const hqList = (path: string, body: (ctx: { b: { id(name: string): number } }) => object, id: string): Examples => ({
  [`${path}/find`]: () => refused({ body: {} }),
  [`${path}/findCenter`]: () => refused({ body: {} }),
  [`${path}/save`]: (ctx) => refused({ body: body(ctx) }),
  [`${path}/update/:id`]: (ctx) => refused({ params: { id: ctx.b.id(id) }, body: body(ctx) }),
  [`${path}/delete/:id`]: (ctx) => refused({ params: { id: ctx.b.id(id) } }),
  [`${path}/export/:companyId`]: ({ b }) => refused({ params: { companyId: b.companyId } }),
})

export const stockExamples: Examples = {
  ...hqList('/api/materialType', () => materialType, 'materialType'),
  ...hqList('/api/material', ({ b }) => material(b.id('materialType')), 'material'),
  '/api/material/options': () => ({ body: {}, expect: 'served' }),

  '/api/companyMaterial/find': ({ b }) => [{ body: { companyId: b.companyId }, expect: 'otherBase' }, { body: { low: '是' }, expect: 'served' }],
  '/api/companyMaterial/ledger': ({ b }) => [
    { body: { companyId: b.companyId }, expect: 'otherBase' },
    { body: { materialId: b.id('material') }, expect: 'served' },
  ],
  '/api/companyMaterial/record': ({ b }) => ({ body: { companyId: b.companyId, materialId: b.id('material'), kind: 'used', quantity: '1' }, expect: 'otherBase' }),
  '/api/companyMaterial/export/:companyId': ({ b }) => [
    { params: { companyId: b.companyId }, expect: 'otherBase' },
    { params: { companyId: b.companyId }, query: { companyId: b.companyId }, expect: 'otherBase' },
  ],
  '/api/companyMaterial/ledger/export/:companyId': ({ b }) => [
    { params: { companyId: b.companyId }, expect: 'otherBase' },
    { params: { companyId: b.companyId }, query: { companyId: b.companyId }, expect: 'otherBase' },
  ],

  '/api/stockTake/find': ({ b }) => [{ body: { companyId: b.companyId }, expect: 'otherBase' }, { body: {}, expect: 'served' }],
  '/api/stockTake/save': ({ b }) => ({ body: { companyId: b.companyId, lines: [{ materialId: b.id('material'), counted: '5' }] }, expect: 'otherBase' }),
  '/api/stockTake/get/:id': ({ b }) => refused({ params: { id: b.id('stockTake') } }),
  '/api/stockTake/confirm/:id': ({ b }) => refused({ params: { id: b.id('stockTake') } }),
  '/api/stockTake/cancel/:id': ({ b }) => refused({ params: { id: b.id('stockTake') } }),

  '/api/supplyOrder/find': ({ b }) => [{ body: { companyId: b.companyId }, expect: 'otherBase' }, { body: { supplierCompanyId: b.companyId }, expect: 'served' }],
  '/api/supplyOrder/save': ({ b }) => [
    { body: { companyId: b.companyId, supplierCompanyId: 1, lines: [{ materialId: b.id('material'), quantity: 1 }] }, expect: 'otherBase' },
    // A is not paired with B: refused as such, B's stock untouched
    { body: { supplierCompanyId: b.companyId, lines: [{ materialId: b.id('material'), quantity: 1 }] }, expect: 409 },
  ],
  '/api/supplyOrder/get/:id': ({ b }) => refused({ params: { id: b.id('stockSupplyOrder') } }),
  '/api/supplyOrder/ship/:id': ({ b }) => refused({ params: { id: b.id('stockSupplyOrder') } }),
  '/api/supplyOrder/receive/:id': ({ b }) => refused({ params: { id: b.id('stockSupplyOrder') } }),
  '/api/supplyOrder/cancel/:id': ({ b }) => refused({ params: { id: b.id('stockSupplyOrder') } }),

  '/api/sale/find': ({ b }) => [{ body: { companyId: b.companyId }, expect: 'otherBase' }, { body: { customer: '乙方' }, expect: 'served' }],
  '/api/sale/save': ({ b }) => [
    { body: { companyId: b.companyId, customer: '走查单位', paymentMethod: '现金', lines: [{ materialId: b.id('material'), quantity: '1' }] }, expect: 'otherBase' },
    // B's report cannot be named on A's sale
    { body: { customer: '走查单位', reportId: b.id('report'), paymentMethod: '现金', lines: [{ materialId: b.id('material'), quantity: '1' }] }, expect: 'refused' },
  ],
  '/api/sale/summary': ({ b }) => [{ body: { companyId: b.companyId }, expect: 'otherBase' }, { body: { by: 'month' }, expect: 'served' }],
  '/api/sale/summary/export/:companyId': ({ b }) => [
    { params: { companyId: b.companyId }, expect: 'otherBase' },
    { params: { companyId: b.companyId }, query: { companyId: b.companyId, group: 'seller' }, expect: 'otherBase' },
  ],
  '/api/sale/receipt/:id': ({ b }) => refused({ params: { id: b.id('sale') } }),
  '/api/sale/get/:id': ({ b }) => refused({ params: { id: b.id('sale') } }),
  '/api/sale/refund/:id': ({ b }) => refused({ params: { id: b.id('sale') }, body: { reason: '走查退款' } }),
  '/api/sale/export/:companyId': ({ b }) => [
    { params: { companyId: b.companyId }, expect: 'otherBase' },
    { params: { companyId: b.companyId }, query: { companyId: b.companyId }, expect: 'otherBase' },
  ],
}

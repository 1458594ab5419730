import fs from 'node:fs'
import path from 'node:path'
import type { Examples } from './types.js'

const DELIVERY_NOTE = 1
const ticket = () => ({ name: 'ticket.jpg', type: 'image/jpeg', data: fs.readFileSync(path.join(import.meta.dirname, '../../fixtures/tickets/B1_001.jpg')) })

/**
 * Ticket formats and rules (shared by every base, modules/receiptFormats), reading tickets
 * (modules/ticketReading) and the run log (modules/logs).
 */
export const ticketExamples: Examples = {
  '/api/receiptFormat/find': () => ({ body: {}, expect: 'served' }),
  '/api/receiptFormat/findCenter': () => ({ body: {}, expect: 'served' }),
  '/api/receiptFormat/save': () => ({ body: { name: '走查新格式', type: DELIVERY_NOTE, regular: '走查新', rankcom: 0 }, expect: 'served' }),
  '/api/receiptFormat/update/:id': ({ b }) => ({
    params: { id: b.id('receiptFormat') }, body: { name: '走查格式', type: DELIVERY_NOTE, regular: '走查', rankcom: 1 }, expect: 'served',
  }),
  '/api/receiptFormat/delete/:id': ({ b }) => ({ params: { id: b.id('receiptFormat') }, expect: 'served' }),
  '/api/receiptFormat/export/:companyId': ({ b }) => ({ params: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/rule/find': ({ b }) => ({ body: { receiptFormatId: b.id('ruleFormat') }, expect: 'served' }),
  '/api/rule/findCenter': ({ b }) => ({ body: { receiptFormatId: b.id('ruleFormat') }, expect: 'served' }),
  '/api/rule/save': ({ b }) => ({ body: { property: 'deliveryTime', receiptFormatId: b.id('ruleFormat'), valueRegular: '\\d{4}' }, expect: 'served' }),
  '/api/rule/update/:id': ({ b }) => ({
    params: { id: b.id('extractionRule') }, body: { receiptFormatId: b.id('ruleFormat'), valueRegular: '\\d{3,}' }, expect: 'served',
  }),
  '/api/rule/delete/:id': ({ b }) => ({ params: { id: b.id('extractionRule') }, expect: 'served' }),
  '/api/rule/export/:companyId': ({ b }) => ({ params: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/rule/test': ({ b }) => ({
    body: { fileType: DELIVERY_NOTE, text: '走查 单号 12345', rule: { property: 'deliveryNumber', receiptFormatId: b.id('ruleFormat'), valueRegular: '\\d+' } },
    expect: 'served',
  }),
  '/api/rule/testImage': () => ({ query: { fileType: DELIVERY_NOTE }, form: { file: ticket() }, expect: 'served' }),
  // the old clients' companyId naming B is refused, not quietly replaced by A's
  '/api/logistics/analysis': ({ b }) => ({
    query: { fileType: DELIVERY_NOTE, companyId: b.companyId, userId: b.id('admin') }, form: { file: ticket() }, expect: 'otherBase',
  }),
  '/api/log/find': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/log/findCenter': ({ b }) => ({ body: { companyId: b.companyId }, expect: 'otherBase' }),
  '/api/log/save': () => ({ body: { errorMes: '走查日志', level: 0 }, expect: 'served' }),
  '/api/log/update/:id': ({ b }) => ({ params: { id: b.id('logEntry') }, body: { errorMes: '走查日志', level: 0 }, expect: 'refused' }),
  '/api/log/delete/:id': ({ b }) => ({ params: { id: b.id('logEntry') }, expect: 'refused' }),
  '/api/log/export/:companyId': ({ b }) => ({ params: { companyId: b.companyId }, query: { companyId: b.companyId }, expect: 'otherBase' }),
}

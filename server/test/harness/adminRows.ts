import sharp from 'sharp'
import { companyMaterialOrders, rechargeRecords, reservationPlans } from '../../src/db/schema/index.js'
import { attachmentDeps, storeAttachment } from '../../src/platform/attachments.js'
import type { TestEnv } from '../helpers.js'
import { MARKER, type OtherCompany } from './otherCompany.js'

/** Company B's rows of the administration tables: recharge records, a reservation plan, a supply order, attachments. */
export async function adminRows(env: TestEnv, b: OtherCompany) {
  const [record] = await env.db.insert(rechargeRecords).values({ companyId: b.companyId, times: 7, userName: `${MARKER}操作人` }).returning()
  const [plan] = await env.db.insert(reservationPlans).values({ companyId: b.companyId, reserveTime: '2031-02-03', reservePeriod: '上午', tankerType: '常压车辆', totalCount: 5 }).returning()
  const [order] = await env.db.insert(companyMaterialOrders).values({ buyCompanyId: b.companyId, saleCompanyId: 1 }).returning()
  const picture = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#884422' } }).png().toBuffer()
  const file = await storeAttachment(attachmentDeps(env.ctx), { buffer: picture, companyId: b.companyId, userId: null, fileType: 4, name: `${MARKER}图片.png` })
  const pdf = await storeAttachment(attachmentDeps(env.ctx), {
    buffer: Buffer.from(`%PDF-1.4\n% ${MARKER}\n%%EOF\n`), companyId: b.companyId, userId: null, fileType: 3, name: `${MARKER}合同.pdf`,
  })
  Object.assign(b.ids, { rechargeRecord: record!.id, reservationPlan: plan!.id, supplyOrder: order!.id, picture: file.id, pdf: pdf.id })
}

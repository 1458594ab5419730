/** What the goods tests share: pictures to upload and a valid item. */
import { ATTACHMENT_TYPES, idCheckChar } from '@app/contract'
import sharp from 'sharp'
import { multipart, type TestEnv } from '../helpers.js'

/** A small PNG of one colour. */
export const png = (r: number, g = 80, b = 80) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } }).png().toBuffer()

export async function uploadPicture(env: TestEnv, token: string, data?: Buffer, name = 'goods.png') {
  const res = await env.upload(token, `/api/attachments?fileType=${ATTACHMENT_TYPES.goodsPicture}`, multipart({ file: { name, data: data ?? await png(200) } }))
  if (res.status !== 200) throw new Error(`upload failed: ${res.message}`)
  return res.data.id as number
}

/** A resident ID number with its right check digit (born 1990-03-07 in Beijing). */
export const validId = (serial = '123') => {
  const first17 = `11010519900307${serial}`
  return `${first17}${idCheckChar(first17)}`
}

export const item = (ticketPicId: number, goodsPicIds: number[], extra: Record<string, unknown> = {}) => ({
  name: '周大福足金手镯', category: '黄金', ticketNumber: 'DT20240515001', ticketPicId, goodsPicIds,
  pawnTime: '2024-05-15 10:30:00', pawnName: '张三', phone: '13812345678', idNumber: validId(), ...extra,
})

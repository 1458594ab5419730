/** Bad uploads are refused quickly with a typed error and a Chinese message. */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { estimateSkew, prepareImage, TicketImageError, WORK_MAX_SIDE } from '../../src/ocr/image.js'
import { keptLongest } from '../../src/platform/pictureEncoding.js'
import { withCpuMs } from '../timing.js'
import { FIXTURES } from './accuracy.js'

const ticket = fs.readFileSync(path.join(FIXTURES, 'tickets/A1_000.jpg'))

/** a valid PNG header (IHDR) of the given size with a small deflated body: cheap to build */
function hugePng(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(td) >>> 0)
    return Buffer.concat([len, td, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // greyscale
  const row = Buffer.alloc(w + 1)
  const idat = zlib.deflateSync(Buffer.concat(Array.from({ length: 64 }, () => row)))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))])
}

async function refused(buf: Uint8Array) {
  try {
    await prepareImage(buf)
  } catch (e) {
    expect(e).toBeInstanceOf(TicketImageError)
    return e as TicketImageError
  }
  throw new Error('not refused')
}

describe('prepareImage', () => {
  it('keeps a photo at its own size up to 2400 px, a larger one at half its size when that still exceeds the working image, else at 2400 px', () => {
    const kept = (longest: number) => keptLongest(longest, { maxSide: 2400, halfSizeFrom: WORK_MAX_SIDE })
    expect([1000, 2400].map(kept)).toEqual([1000, 2400])
    // half of these is below the working image's 1600 px: kept at 2400
    expect([2401, 3000, 3199].map(kept)).toEqual([2400, 2400, 2400])
    // a phone shot of 3200 to 4800 px: half, which JPEG decodes at once
    expect([3200, 3520, 4000, 4799].map(kept)).toEqual([1600, 1760, 2000, 2399.5])
    expect([4800, 8000].map(kept)).toEqual([2400, 2400])
    // other pictures: never halved
    expect(keptLongest(3520, { maxSide: 2400 })).toBe(2400)
  })

  it('accepts JPEG, PNG and WebP by content', async () => {
    const jpg = await prepareImage(ticket)
    expect(jpg.kind).toBe('jpeg')
    expect(jpg.data.length).toBe(jpg.width * jpg.height * 4)
    const png = await prepareImage(await sharp(ticket).png().toBuffer())
    expect(png.kind).toBe('png')
    const webp = await prepareImage(await sharp(ticket).webp().toBuffer())
    expect(webp.kind).toBe('webp')
  })

  it('refuses an empty file', async () => {
    const e = await refused(Buffer.alloc(0))
    expect(e.status).toBe(400)
    expect(e.message).toMatch(/为空/)
  })

  it('refuses a text file renamed .jpg', async () => {
    const e = await refused(Buffer.from('这不是图片 just text pretending to be ticket.jpg\n'))
    expect(e.status).toBe(400)
    expect(e.message).toBe('文件不是图片（仅支持 JPG、PNG、WebP）')
  })

  it('refuses a truncated JPEG', async () => {
    const e = await refused(ticket.subarray(0, Math.floor(ticket.length / 2)))
    expect(e.status).toBe(400)
    expect(e.message).toBe('图片无法读取，请重新拍摄上传')
  })

  it('refuses a 20000 x 20000 PNG quickly', async () => {
    const huge = hugePng(20000, 20000)
    const { value: e, cpuMs } = await withCpuMs(() => refused(huge))
    // from its header: decoding 400 million pixels is seconds of work
    expect(cpuMs).toBeLessThan(1000)
    expect(e.status).toBe(413)
    expect(e.message).toMatch(/像素/)
  })

  it('refuses files over 15 MB', async () => {
    const big = Buffer.concat([ticket, Buffer.alloc(16 * 1024 * 1024)])
    const e = await refused(big)
    expect(e.status).toBe(413)
  })

  it('applies EXIF orientation and downscales phone shots', async () => {
    const rotated = await sharp(ticket).withMetadata({ orientation: 6 }).jpeg().toBuffer()
    const img = await prepareImage(rotated)
    expect(img.originalWidth).toBe(392)
    expect(img.originalHeight).toBe(894)
    const phone = await prepareImage(fs.readFileSync(path.join(FIXTURES, 'tickets-phone/B2_004.jpg')))
    expect(Math.max(phone.width, phone.height)).toBeLessThanOrEqual(1600)
  })

  it('estimates skew from text boxes', () => {
    const rad = (3 * Math.PI) / 180
    const box = (x: number, y: number) => {
      const w = 300
      const h = 20
      return [[x, y], [x + w * Math.cos(rad), y + w * Math.sin(rad)], [x + w * Math.cos(rad) - h * Math.sin(rad), y + w * Math.sin(rad) + h * Math.cos(rad)], [x - h * Math.sin(rad), y + h * Math.cos(rad)]]
    }
    expect(estimateSkew([{ box: box(10, 10) }, { box: box(10, 60) }, { box: box(10, 110) }])).toBeCloseTo(3, 1)
  })
})

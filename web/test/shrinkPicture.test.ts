/** A ticket photo shrunk before it goes up: the size it is sent at, and the photo itself whenever shrinking fails or gains nothing. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keptLongest, TICKET_PICTURE_SIZE } from '@app/contract'
import { jpegName, REENCODE_FROM_BYTES, SEND_AS_IS_BYTES, shrinkPicture, shrunkSize } from '../src/features/ticketPictures/shrinkPicture'

const MB = 1024 * 1024

describe('the size a photo is sent at', () => {
  it('is the size the server keeps: a 3520 px phone shot at half, a 5000 px one at 2400 px', () => {
    expect(shrunkSize({ width: 3520, height: 1747 }, 1 * MB)).toEqual({ width: 1760, height: 874 })
    expect(shrunkSize({ width: 3520, height: 4602 }, 3 * MB)).toEqual({ width: 1760, height: 2301 })
    expect(shrunkSize({ width: 5000, height: 3750 }, 4 * MB)).toEqual({ width: 2400, height: 1800 })
    // a 3000 px photo: half would be less than the server reads at, so 2400 px
    expect(shrunkSize({ width: 2250, height: 3000 }, 2 * MB)).toEqual({ width: 1800, height: 2400 })
  })

  it('agrees with the server for every longest side up to 12000 px', () => {
    for (let longest = 1; longest <= 12_000; longest += 7) {
      const size = shrunkSize({ width: longest, height: Math.ceil(longest / 3) }, 0)
      const sent = size ? Math.max(size.width, size.height) : longest
      expect(sent).toBe(Math.round(keptLongest(longest, TICKET_PICTURE_SIZE)))
      expect(sent).toBeLessThanOrEqual(TICKET_PICTURE_SIZE.maxSide)
    }
  })

  it('keeps a picture already within the size, re-encoding it at its size only when it is heavy', () => {
    expect(shrunkSize({ width: 2400, height: 1800 }, REENCODE_FROM_BYTES)).toBeNull()
    expect(shrunkSize({ width: 1200, height: 900 }, 500 * 1024)).toBeNull()
    expect(shrunkSize({ width: 2400, height: 1800 }, REENCODE_FROM_BYTES + 1)).toEqual({ width: 2400, height: 1800 })
  })

  it('sends a picture without a size as it is', () => {
    expect(shrunkSize({ width: 0, height: 1000 }, 5 * MB)).toBeNull()
    expect(shrunkSize({ width: Number.NaN, height: 1000 }, 5 * MB)).toBeNull()
  })
})

describe('the name of the photo sent', () => {
  it('keeps the name, ending in .jpg', () => {
    expect(jpegName('磅单.png')).toBe('磅单.jpg')
    expect(jpegName('IMG_0412.JPEG')).toBe('IMG_0412.jpg')
    expect(jpegName('scan.v2.webp')).toBe('scan.v2.jpg')
    expect(jpegName('noext')).toBe('noext.jpg')
    expect(jpegName('.png')).toBe('ticket.jpg')
  })
})

/** The browser's part, stubbed: createImageBitmap answers `bitmap`, the canvas encodes `encoded` bytes. */
function fakeBrowser(bitmap: { width: number; height: number } | Error, encoded: number | null) {
  const drawn: { width: number; height: number }[] = []
  const closed = vi.fn()
  const createImageBitmap = vi.fn(async () => {
    if (bitmap instanceof Error) throw bitmap
    return { ...bitmap, close: closed }
  })
  const canvas = {
    width: 0,
    height: 0,
    getContext: () => ({
      fillRect: () => undefined,
      drawImage: (_b: unknown, _x: number, _y: number, width: number, height: number) => drawn.push({ width, height }),
    }),
    toBlob: (done: (b: Blob | null) => void, type: string) => done(encoded === null ? null : new Blob([new Uint8Array(encoded)], { type })),
  }
  vi.stubGlobal('createImageBitmap', createImageBitmap)
  vi.stubGlobal('document', { createElement: () => canvas })
  return { createImageBitmap, drawn, closed }
}

const photo = (bytes: number, name = 'IMG_0412.JPG', type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type })

describe('shrinking a photo in the browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('sends a phone shot at the kept size as a JPEG of the same name, the EXIF orientation applied', async () => {
    const browser = fakeBrowser({ width: 3520, height: 4602 }, 600 * 1024)
    const sent = await shrinkPicture(photo(3 * MB))
    expect(browser.createImageBitmap).toHaveBeenCalledWith(expect.any(File), { imageOrientation: 'from-image' })
    expect(browser.drawn).toEqual([{ width: 1760, height: 2301 }])
    expect(sent.name).toBe('IMG_0412.jpg')
    expect(sent.type).toBe('image/jpeg')
    expect(sent.size).toBe(600 * 1024)
    expect(browser.closed).toHaveBeenCalled()
  })

  it('sends a small file as it is, without decoding it', async () => {
    const browser = fakeBrowser({ width: 4000, height: 3000 }, 100)
    const file = photo(SEND_AS_IS_BYTES)
    expect(await shrinkPicture(file)).toBe(file)
    expect(browser.createImageBitmap).not.toHaveBeenCalled()
  })

  it('sends the photo as it was when the browser cannot decode it, has no createImageBitmap, or cannot encode', async () => {
    const file = photo(3 * MB, 'scan.png', 'image/png')
    fakeBrowser(new Error('The source image could not be decoded.'), 1000)
    expect(await shrinkPicture(file)).toBe(file)
    vi.unstubAllGlobals()
    vi.stubGlobal('createImageBitmap', undefined)
    expect(await shrinkPicture(file)).toBe(file)
    vi.unstubAllGlobals()
    fakeBrowser({ width: 4000, height: 3000 }, null)
    expect(await shrinkPicture(file)).toBe(file)
  })

  it('sends the photo as it was when the JPEG would be no smaller, or the picture is within the size and light', async () => {
    fakeBrowser({ width: 4000, height: 3000 }, 3 * MB)
    const heavy = photo(3 * MB)
    expect(await shrinkPicture(heavy)).toBe(heavy)
    vi.unstubAllGlobals()
    const browser = fakeBrowser({ width: 1600, height: 1200 }, 100)
    const light = photo(REENCODE_FROM_BYTES)
    expect(await shrinkPicture(light)).toBe(light)
    expect(browser.drawn).toEqual([])
  })
})

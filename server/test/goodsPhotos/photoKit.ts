/** Made-up goods photos for the photo search tests: an item, and the same item photographed again. */
import sharp from 'sharp'

/** a made-up item: coloured shapes and lettering of its own on a plain ground, the same for the same seed */
export function item(seed: number, width = 900, height = 700): Promise<Buffer> {
  let a = seed * 7919 + 1
  const r = () => ((a = (a * 16807) % 2147483647) / 2147483647)
  const colour = () => `rgb(${Math.floor(r() * 255)},${Math.floor(r() * 255)},${Math.floor(r() * 255)})`
  const shapes: string[] = []
  for (let i = 0; i < 90; i++) {
    const x = r() * width, y = r() * height, s = 15 + r() * 70
    const kind = Math.floor(r() * 3)
    if (kind === 0) shapes.push(`<circle cx="${x}" cy="${y}" r="${s / 2}" fill="${colour()}" stroke="${colour()}" stroke-width="4"/>`)
    else if (kind === 1) shapes.push(`<rect x="${x}" y="${y}" width="${s}" height="${s * (0.4 + r())}" fill="${colour()}" transform="rotate(${r() * 90} ${x} ${y})"/>`)
    else shapes.push(`<polygon points="${x},${y} ${x + s},${y + s / 3} ${x + s / 4},${y + s}" fill="${colour()}"/>`)
  }
  const letters = () => Array.from({ length: 6 }, () => 'ABCDEFGHKMNPRSTUWXYZ'[Math.floor(r() * 20)]).join('')
  for (let i = 0; i < 5; i++) shapes.push(`<text x="${r() * width * 0.7}" y="${30 + r() * (height - 30)}" font-size="${24 + r() * 30}" fill="${colour()}">${letters()}</text>`)
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour()}"/>${shapes.join('')}</svg>`)).jpeg({ quality: 90 }).toBuffer()
}

/** the item photographed again: turned, nearer, darker and bluer, blurred, on another ground, a phone's JPEG */
export async function rePhotographed(photo: Buffer, ground: number): Promise<Buffer> {
  const turned = await sharp(photo).rotate(17, { background: '#00000000' }).resize(620).png().toBuffer()
  const meta = await sharp(turned).metadata()
  const crop = await sharp(turned).extract({ left: 40, top: 30, width: meta.width! - 80, height: meta.height! - 60 }).toBuffer()
  return sharp(await item(ground, 1000, 900))
    .composite([{ input: crop, left: 120, top: 90 }])
    .modulate({ brightness: 0.75 })
    .linear([0.9, 0.95, 1.15], [0, 0, 10])
    .blur(0.8)
    .jpeg({ quality: 60 })
    .toBuffer()
}

/** the item company B registered in the tenancy harness */
export const HARNESS_GOODS_PHOTO = 42

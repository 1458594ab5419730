/**
 * Ticket generator: `npx tsx scripts/tickets/generate.ts [--out DIR] [--per N] [--seed S]
 * [--families a,b] [--variants flat,phone] [--blind]`. Renders each ticket as HTML in Chromium (CJK fonts),
 * degrades the screenshot with sharp and writes DIR/<variant>/<family>_<i>.jpg and
 * DIR/<variant>/truth.json in the fixtures' format ({ file, fileType, layout, fields }).
 * Deterministic: the same seed gives the same tickets and the same degradations.
 */
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Page } from 'playwright-core'
import sharp from 'sharp'
import { rng, ticket, type Rng } from './data.js'
import { BLIND_FAMILIES, FAMILIES } from './families.js'

function arg(name: string, fallback: string) {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback
}

const OUT = path.resolve(arg('out', '.generated/tickets'))
const PER = Number(arg('per', '10'))
const SEED = Number(arg('seed', '2026'))
/** the blind families (issue 38) instead of the others when no --families is given; never rendered by default */
const BLIND_RUN = process.argv.includes('--blind')
const FAMILY_NAMES = arg('families', Object.keys(BLIND_RUN ? BLIND_FAMILIES : FAMILIES).join(',')).split(',')
const familyOf = (name: string) => (FAMILIES[name] ?? (BLIND_FAMILIES as Record<string, (typeof FAMILIES)[string]>)[name])
const VARIANTS = arg('variants', 'flat,phone').split(',') as ('flat' | 'phone')[]
/** CSS zoom of flat tickets: a scan's resolution (0.8 ≈ small print scanned at 150 dpi) */
const [ZOOM_LO, ZOOM_HI] = arg('flat-zoom', '1,1.6').split(',').map(Number) as [number, number]
/** flat tickets scanned on a flatbed's whole A4 page (the ticket somewhere on it) instead of cut to the ticket */
const PAGE = process.argv.includes('--page')

/** seeded grey noise, `amount` 0..255 around 128, as a one-channel raw image */
function noise(r: Rng, width: number, height: number, amount: number) {
  // drawn at a quarter of the pixels and enlarged: grain without 12 M random draws
  const w = Math.ceil(width / 2)
  const h = Math.ceil(height / 2)
  const buf = Buffer.alloc(w * h)
  for (let i = 0; i < buf.length; i++) buf[i] = Math.max(0, Math.min(255, 128 + (r.next() + r.next() + r.next() - 1.5) * amount))
  return sharp(buf, { raw: { width: w, height: h, channels: 1 } }).resize(width, height, { kernel: 'nearest' }).png().toBuffer()
}

/**
 * The ticket laid on a scanner's glass: an A4 page at the scan's resolution (96 dpi a CSS px times
 * the zoom), turned to landscape or enlarged when the ticket does not fit, the ticket near a corner
 * or anywhere on it, a faint lid shadow along the edges.
 */
async function onPage(png: Buffer, r: Rng, zoom: number): Promise<Buffer> {
  const meta = await sharp(png).metadata()
  const [w, h] = [meta.width!, meta.height!]
  let [pw, ph] = [Math.round(794 * zoom), Math.round(1123 * zoom)]
  if (w > pw - 40) [pw, ph] = [ph, pw]
  pw = Math.max(pw, w + 40)
  ph = Math.max(ph, h + 40)
  const corner = r.chance(0.6)
  const left = corner ? r.int(8, 60) : r.int(8, pw - w - 8)
  const top = corner ? r.int(8, 60) : r.int(8, ph - h - 8)
  const shade = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${pw}" height="${ph}"><defs><linearGradient id="g"><stop offset="0" stop-color="#000" stop-opacity=".12"/><stop offset=".03" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="${pw}" height="${ph}" fill="url(#g)"/></svg>`)
  return sharp({ create: { width: pw, height: ph, channels: 3, background: r.pick(['#ffffff', '#fbfbf8', '#f6f6f2']) } })
    .composite([{ input: shade }, { input: png, left, top }])
    .png()
    .toBuffer()
}

/** flat scan: slight rotation, blur, grain, JPEG */
async function degradeFlat(png: Buffer, r: Rng): Promise<Buffer> {
  const angle = r.float(-2.2, 2.2)
  let img = sharp(png).flatten({ background: '#ffffff' }).rotate(angle, { background: '#ffffff' })
  const rotated = await img.png().toBuffer()
  const meta = await sharp(rotated).metadata()
  const grain = await noise(r, meta.width!, meta.height!, r.float(20, 55))
  img = sharp(rotated).composite([{ input: grain, blend: 'overlay' }])
  const blurred = await img.png().toBuffer()
  const sigma = r.float(0.3, 1.0)
  return sharp(blurred).blur(sigma).jpeg({ quality: r.int(55, 85) }).toBuffer()
}

/** phone shot: the ticket on a desk in perspective, uneven light, 3000 px, grain, JPEG */
async function phoneHtml(ticketPng: Buffer, r: Rng, w: number, h: number) {
  const desk = r.pick(['#6b5440', '#4a3b2e', '#7a7068', '#3d4a52', '#8a6e4b'])
  const rx = r.float(-12, 12).toFixed(1)
  const ry = r.float(-10, 10).toFixed(1)
  const rz = r.float(-6, 6).toFixed(1)
  const light = `radial-gradient(ellipse at ${r.int(10, 90)}% ${r.int(10, 90)}%, rgba(255,255,255,.18), rgba(0,0,0,${r.float(0.15, 0.4).toFixed(2)}) 75%)`
  const scale = Math.min(1100 / w, 1450 / h)
  return `<!doctype html><html><body style="margin:0;width:1200px;height:1600px;overflow:hidden;background:${desk};background-image:repeating-linear-gradient(${r.int(0, 180)}deg, rgba(255,255,255,.04) 0 6px, rgba(0,0,0,.05) 6px 13px)">
<div style="position:absolute;inset:0;display:flex;align-items:center;justify-content:center;perspective:1800px">
<img src="data:image/png;base64,${ticketPng.toString('base64')}" style="width:${Math.round(w * scale)}px;transform:rotateX(${rx}deg) rotateY(${ry}deg) rotateZ(${rz}deg);box-shadow:8px 12px 30px rgba(0,0,0,.5)">
</div><div style="position:absolute;inset:0;background:${light}"></div></body></html>`
}

async function degradePhone(page: Page, png: Buffer, r: Rng): Promise<Buffer> {
  const meta = await sharp(png).metadata()
  await page.setViewportSize({ width: 1200, height: 1600 })
  await page.setContent(await phoneHtml(png, r, meta.width!, meta.height!))
  // JPEG straight from Chromium: encoding 12 M pixels as PNG costs seconds
  const shot = await page.screenshot({ type: 'jpeg', quality: 95 })
  const grain = await noise(r, 3000, 4000, r.float(15, 35))
  // sharp blurs before it composites: the grain stays sharp, as a sensor's does
  return sharp(shot).blur(r.float(0.5, 1.4)).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: r.int(70, 90) }).toBuffer()
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
try {
  for (const variant of VARIANTS) {
    const dir = path.join(OUT, variant)
    fs.mkdirSync(dir, { recursive: true })
    // flat tickets at 1-1.6 CSS px; phone tickets rendered sharper, then shot at 2.5 px (3000 px wide)
    const ctx = await browser.newContext({ deviceScaleFactor: variant === 'phone' ? 2.5 : 1 })
    const page = await ctx.newPage()
    // generating some families replaces theirs in an existing truth.json and keeps the others
    const truthFile = path.join(dir, 'truth.json')
    const truth: { layout: string; [k: string]: unknown }[] = fs.existsSync(truthFile)
      ? (JSON.parse(fs.readFileSync(truthFile, 'utf8')) as { layout: string; [k: string]: unknown }[]).filter((t) => !FAMILY_NAMES.includes(t.layout))
      : []
    for (const family of FAMILY_NAMES) {
      const render = familyOf(family)
      if (!render) throw new Error(`unknown family ${family}`)
      for (let i = 0; i < PER; i++) {
        // one stream per ticket: adding families or tickets never changes the others
        // in integers: as a float, long family names lost the ticket index and their tickets repeated
        const name = [...family].reduce((a, c) => a * 31n + BigInt(c.charCodeAt(0)), 7n)
        const seed = Number((BigInt(SEED) * 100003n + name * 101n + BigInt(i * 7 + (variant === 'phone' ? 50021 : 0))) % 2n ** 32n)
        const r = rng(seed)
        const fileType = (i % 2 === 0 ? 1 : 2) as 1 | 2
        const t = ticket(r, fileType)
        const { html, fields } = render(t, r)
        const ticketScale = variant === 'phone' ? 2 : r.float(ZOOM_LO, ZOOM_HI)
        await page.setViewportSize({ width: 1400, height: 1000 })
        const tpage = variant === 'phone' ? await ctx.newPage() : page
        if (variant === 'phone') await tpage.setViewportSize({ width: 1400, height: 1000 })
        await tpage.setContent(html)
        await tpage.evaluate((s) => { document.body.style.zoom = String(s) }, ticketScale)
        const png = await tpage.locator('.ticket').screenshot({ type: 'png' })
        if (tpage !== page) await tpage.close()
        const jpg = variant === 'phone' ? await degradePhone(page, png, r) : await degradeFlat(PAGE ? await onPage(png, r, ticketScale) : png, r)
        const file = `${family}_${String(i).padStart(2, '0')}.jpg`
        fs.writeFileSync(path.join(dir, file), jpg)
        truth.push({ file, fileType, layout: family, fields })
      }
      console.log(`${variant} ${family}: ${PER}${family in BLIND_FAMILIES ? ' (blind)' : ''}`)
    }
    fs.writeFileSync(truthFile, JSON.stringify(truth, null, 1))
    await ctx.close()
  }
} finally {
  await browser.close()
}

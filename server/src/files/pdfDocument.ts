/** What every PDF the server builds starts from: a pdfkit document in Chinese, collected into one buffer. */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'

const require = createRequire(import.meta.url)
let fontBytes: Buffer | undefined
/** Noto Sans SC from the `@expo-google-fonts/noto-sans-sc` package (SIL OFL), read once per process. */
const cjkFont = () => (fontBytes ??= fs.readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')))

/** A document with the CJK font set; `finished` gives its bytes once `doc.end()` has been called. */
export function pdfDocument(options: PDFKit.PDFDocumentOptions) {
  const doc = new PDFDocument(options)
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.registerFont('cjk', cjkFont())
  doc.font('cjk')
  return { doc, finished }
}

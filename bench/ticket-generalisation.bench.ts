// Ticket reading on layouts it was never shown (issue 11), through the analysis endpoint
// (POST /api/logistics/analysis: route, upload, OCR pool, storage, the same answer the upload form
// gets) of an in-process server on in-memory PGlite, two OCR workers, two uploads at a time.
//
// Sets: the shared fixtures (tickets, tickets-phone); the generator's development families and its
// held-out families (scripts/tickets/README.md: stacked, twin, dotmatrix), flat and phone; the blind
// families (issue 38, scripts/tickets/blind/, written by someone who never saw the reader) as "blind
// flat" and "blind phone", read from GENERATED and from BLIND_GENERATED (default .generated/blind:
// `npx tsx scripts/tickets/generate.ts --out .generated/blind --blind --per 8`) when there.
// Run: `node --import tsx bench/ticket-generalisation.bench.ts` (npx tsx exits early on the pending top-level await).
// Generate first: `npx tsx scripts/tickets/generate.ts --out .generated/tickets --per 8`
// (GENERATED=dir to read another set). Prints fields right % and documents fully right % per set.
// `--layouts=a,b` reads only those families. `--errors` also lists the wrong fields of the shared fixtures and the development families: never
// of the held-out or the blind families, whose images, readings and errors stay unseen (the protocol):
// of those, only totals are printed, never a family's or a field's.
//
// Marks (issue 38): staff check the fields the upload form marks (web's fieldMarks: confidence under
// 0.8, a correction, a failed check) and trust the rest. For every set it prints the share of the
// printed fields that came out filled, wrong and unmarked (silent errors), the share marked, and the
// fields filled though nothing is printed for them and left unmarked; for the development sets and the
// shared fixtures a reliability table: of the filled printed fields in each confidence band, the share
// right (held-out and blind sets: totals only).
import fs from 'node:fs'
import path from 'node:path'
import { createTestApp, multipart } from '../server/test/helpers.js'
import { makeCompany, makeUser } from '../server/test/fixtures.js'
import { report } from './lib.js'
import { developmentBands, printBands, SetScore, ticketSets, type TicketReadingAnswer } from './ticketSets.js'

export { HELD_OUT } from './ticketSets.js'

const showErrors = process.argv.includes('--errors')
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7)
/** `--layouts=caption,boxes`: only these families (layouts) of each set */
const layouts = process.argv.find((a) => a.startsWith('--layouts='))?.slice(10).split(',')

const sets = ticketSets()

// the OCR workers are unref'd and inject() opens no socket: hold the process open while it reads
const keepAlive = setInterval(() => {}, 1000)
const env = await createTestApp({ ocrWorkers: 2 })
const companyId = (await makeCompany(env.db, '识别基准基地', { remainingTimes: 100000 })).id
const user = await makeUser(env.db, { phone: '13212349999', role: 'subAccount', companyIds: [companyId] })
const token = await env.token(user.phone, user.password)

const upload = (file: Buffer, fileType: number) =>
  env.upload(token, `/api/logistics/analysis?fileType=${fileType}`, multipart({ file: { name: 'ticket.jpg', type: 'image/jpeg', data: file } }))

const scores: SetScore[] = []
try {
  for (const set of sets) {
    if (only && !set.name.includes(only)) continue
    if (layouts) set.entries = set.entries.filter((t) => layouts.includes(t.layout))
    if (!set.entries.length) continue
    const score = new SetScore(set)
    const t0 = performance.now()
    let next = 0
    await Promise.all([0, 1].map(async () => {
      while (next < set.entries.length) {
        const t = set.entries[next++]!
        const res = await upload(fs.readFileSync(path.join(set.dir, t.file)), t.fileType)
        if (res.status !== 200) throw new Error(`${t.file}: ${res.message}`)
        score.add(t, res.data as TicketReadingAnswer)
      }
    }))
    const seconds = (performance.now() - t0) / 1000
    score.print(showErrors)
    report(`${set.name}: seconds`, seconds, 's')
    report(`${set.name}: seconds a ticket (two at a time)`, seconds / set.entries.length, 's')
    scores.push(score)
  }
  const development = developmentBands(scores)
  if (development.some((b) => b.n)) printBands('all development sets', development)
} finally {
  await env.close()
  clearInterval(keepAlive)
}

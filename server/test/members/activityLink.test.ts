/** The public report page's data: only through the link a device was given after a reading, never by guessable numbers. */
import { ACTIVITY_LINK_DAYS, ActivityLinkMsg, formatDateTime, idCheckChar, MeasurementMsg, Msg } from '@app/contract'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { publicReports } from '../../src/modules/measurements/publicLink.js'
import { ACTIVITY_PER_MINUTE } from '../../src/modules/measurements/routes.js'
import { callFrom } from '../platform/securityClient.js'
import { makeCompany, makeUser } from '../fixtures.js'
import { createTestApp, type TestEnv } from '../helpers.js'

let env: TestEnv
let baseA: string
let device: { deviceNo: string; secret: string; id: number }
const first17 = '11010519850505123'
const idNo = `${first17}${idCheckChar(first17)}`
const hoursAgo = (h: number) => formatDateTime(new Date(Date.now() - h * 3_600_000))

beforeAll(async () => {
  env = await createTestApp()
  const a = (await makeCompany(env.db, '链接甲基地')).id
  const adminA = await makeUser(env.db, { phone: '13655560001', role: 'baseAdmin', companyIds: [a] })
  baseA = await env.token(adminA.phone, adminA.password)
  expect((await env.call(baseA, 'POST', '/api/testee/saveNew', { name: '欧阳测量', idNo, phone: '13712340000' })).status).toBe(200)
  const saved = await env.call(baseA, 'POST', '/api/machine/save', { type: '血压计', deviceNo: 'LINK-1' })
  device = { deviceNo: saved.data.deviceNo, secret: saved.data.secret, id: saved.data.id }
  expect((await env.call(baseA, 'POST', '/api/machine/save', { type: '血压计', deviceNo: 'LINK-2' })).status).toBe(200)
})
afterAll(async () => env?.close())

const post = async (body: Record<string, unknown>) => {
  const res = await env.app.inject({
    method: 'POST', url: '/api/machine/measurement', payload: body,
    headers: { 'x-device-no': device.deviceNo, authorization: `Bearer ${device.secret}` },
  })
  return { status: res.statusCode, ...res.json() }
}
const open = async (query: Record<string, string>) => {
  const res = await env.app.inject({ method: 'GET', url: `/api/public/activity/reports?${new URLSearchParams(query)}` })
  return { status: res.statusCode, ...res.json() }
}
const linkQuery = (url: string) => Object.fromEntries(new URL(url).searchParams) as Record<string, string>

describe('the report link a device gets back', () => {
  let link: Record<string, string>

  test('a reading answers a link to the person\'s reports, which lists their readings on that device with the conclusions', async () => {
    const first = await post({ requestId: 'l-1', idNo, measuredTime: hoursAgo(30), systolic: 165, diastolic: 95, sugar: 7.2 })
    expect(first.status).toBe(200)
    expect(first.data.reportUrl).toMatch(/^http:\/\/[^/]+\/activity\?userNo=\d+&deviceNo=LINK-1&token=[0-9a-z]+\.[\w-]{24}$/)
    const second = await post({ requestId: 'l-2', idNo, measuredTime: hoursAgo(1), height: 170, weight: 60 })
    link = linkQuery(second.data.reportUrl)
    // a retry of the same reading gets a working link too
    expect(linkQuery((await post({ requestId: 'l-2', idNo, measuredTime: hoursAgo(1), height: 170, weight: 60 })).data.reportUrl).userNo).toBe(link.userNo)

    const page = await open(link)
    expect(page).toMatchObject({ status: 200, data: { name: '欧***', companyName: '链接甲基地', deviceNo: 'LINK-1' } })
    expect(JSON.stringify(page.data)).not.toContain(idNo)
    expect(page.data.reports).toHaveLength(2)
    expect(page.data.reports[0]).toMatchObject({ bmi: 20.8, bmiConclusion: '正常', bpConclusion: null })
    expect(page.data.reports[1]).toMatchObject({ systolic: 165, diastolic: 95, bpConclusion: '高血压2级', sugar: 7.2, sugarConclusion: '糖尿病' })
  })

  test('a guess gets nothing: a wrong or missing token, another person or device, an unknown device all answer the same', async () => {
    const refused = { status: 404, message: ActivityLinkMsg.invalid }
    const [expires, sig] = link.token!.split('.')
    const flipped = `${expires}.${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`
    const guesses: Record<string, string>[] = [
      { ...link, token: flipped },
      { ...link, token: '' },
      { userNo: link.userNo!, deviceNo: link.deviceNo! },
      { ...link, userNo: String(Number(link.userNo) + 1) },
      { ...link, deviceNo: 'LINK-2' },
      { ...link, deviceNo: 'NO-SUCH' },
      { ...link, userNo: 'abc' },
      // an expiry pushed later keeps the signature of the old one
      { ...link, token: `${(parseInt(expires!, 36) + 86_400).toString(36)}.${sig}` },
    ]
    for (const q of guesses) expect(await open(q)).toMatchObject(refused)
  })

  test('a link expires, and resetting the device\'s secret withdraws its links', async () => {
    const q = { userNo: link.userNo!, deviceNo: link.deviceNo!, token: link.token! }
    await expect(publicReports(env.db, q, Date.now() + (ACTIVITY_LINK_DAYS + 1) * 86_400_000)).rejects.toMatchObject({ status: 404, message: ActivityLinkMsg.invalid })
    expect((await env.call(baseA, 'POST', `/api/machine/resetSecret/${device.id}`)).message).toBe(MeasurementMsg.secretShownOnce)
    expect(await open(link)).toMatchObject({ status: 404, message: ActivityLinkMsg.invalid })
  })
})

describe('a stranger trying links', () => {
  test('is held to a pace per address, in the public report page\'s own family: verification still answers', async () => {
    const ip = '203.0.113.35'
    const guess = (i: number) => callFrom(env, ip, 'GET', `/api/public/activity/reports?userNo=${i + 1}&deviceNo=LINK-1&token=x.y`)
    const answers = []
    for (let i = 0; i <= ACTIVITY_PER_MINUTE; i++) answers.push(await guess(i))
    expect(answers.slice(0, ACTIVITY_PER_MINUTE).every((a) => a.status === 404 && a.message === ActivityLinkMsg.invalid)).toBe(true)
    expect(answers.at(-1)).toMatchObject({ status: 429, message: Msg.tooMany })
    expect((await callFrom(env, ip, 'GET', '/api/public/report/no-such-token')).status).toBe(404)
  })
})

import ExcelJS from 'exceljs'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { XLSX_TYPE } from '../../src/platform/download.js'
import type { TestEnv } from '../helpers.js'

/** Chinese text: every refusal must say what is wrong in it. */
export const CJK = /[\u4e00-\u9fff]/

export const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!)

/** The route's URL with its `:params` filled in (1 where no value is given). */
export const fill = (url: string, values: Record<string, string | number>) =>
  url.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(values[k] ?? '1')))

/** The message of an envelope answer, or '' when the answer is not one. */
export function messageOf(res: { json(): unknown }) {
  try { return String((res.json() as { message?: unknown }).message ?? '') } catch { return '' }
}

/** The answer as text; a spreadsheet's cells are read out so that a leak in an export is seen too. */
export async function answerText(res: LightMyRequestResponse) {
  if (!String(res.headers['content-type']).startsWith(XLSX_TYPE)) return res.body
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(res.rawPayload as never)
  const cells: string[] = []
  book.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))))
  return cells.join('\n')
}

/** A session that logs itself in again when a walked route (logout, password change) ended it. */
export function actor(env: TestEnv, phone: string, password: string) {
  let token: string | null = null
  return async (options: InjectOptions) => {
    token ??= await env.token(phone, password)
    const send = () => env.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } })
    let res = await send()
    if (res.statusCode === 401) {
      token = await env.token(phone, password)
      res = await send()
    }
    return res
  }
}

/**
 * Ticket reading as the rule tester uses it (server/src/modules/ticketReading/routes.ts): a format and
 * rule dry run on pasted OCR text or on an uploaded picture, with the rule being edited in place of
 * the stored one. Neither call takes an upload time.
 */
import type { CandidateRule, RuleTestBody, TicketAnalysis, TicketType } from '@app/contract'
import { http, request, type RequestOptions } from './request'

/** The reader's answer for the tested picture or text. */
export type RuleTestResult = TicketAnalysis

export const testRuleOnText = (body: RuleTestBody, opts?: RequestOptions) =>
  http.post<RuleTestResult>('/rule/test', body, opts)

export function testRuleOnImage(input: { fileType: TicketType; file: Blob; filename?: string; rule?: CandidateRule }, opts: RequestOptions = {}) {
  const form = new FormData()
  // the server reads form fields sent before the file
  if (input.rule) form.append('rule', JSON.stringify(input.rule))
  form.append('file', input.file, input.filename ?? 'ticket.jpg')
  return request<RuleTestResult>('/rule/testImage', {
    timeout: 120_000,
    ...opts,
    method: 'POST',
    params: { fileType: input.fileType },
    data: form,
  })
}

/** Helpers for answers that are files rather than JSON envelopes (attachments, templates); CSV/xlsx exports are in exports.ts. */

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987), e.g. 基地列表.csv. */
export function contentDisposition(filename: string, inline = false): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

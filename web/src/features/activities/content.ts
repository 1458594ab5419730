/**
 * Activity content as the back office types it: plain text in which a blank line starts a new paragraph
 * and a single line break stays a line break. It goes to the server as <p> HTML (escaped, so whatever
 * was typed shows as typed) and comes back from the server's sanitised HTML as text for the next edit.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!)

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
function decodeEntities(s: string) {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

/** Text → '<p>…</p><p>…</p>': paragraphs split at blank lines, line breaks inside one kept as <br>; '' for blank text. */
export function textToParagraphs(text: string): string {
  return text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)
    .map((p) => p.split('\n').map((line) => line.trim()).filter((line, i, lines) => line || (i > 0 && i < lines.length - 1)).join('\n').trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')
}

/** HTML (the server's sanitised content) → the text the form edits: a paragraph or block per blank-line-separated part, <br> as a line break, other markup dropped. */
export function paragraphsToText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
  return decodeEntities(text).split(/\n\s*\n/).map((p) => p.replace(/[ \t]+\n/g, '\n').trim()).filter(Boolean).join('\n\n')
}

/** Whether content holds markup the text editor cannot keep (bold, lists, links, pictures): saving from the form turns it to plain paragraphs. */
export const hasRichMarkup = (html: string) => /<(?!\/?(p|br)\b)[a-z]/i.test(html)

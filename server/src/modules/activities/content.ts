/**
 * Activity content as safe HTML. The design names an allow-list sanitiser (sanitize-html) for rich text,
 * and a regex is no sanitiser; while none is a dependency, no markup is kept at all: every character that
 * could open a tag, an attribute or an entity is escaped, so the content shows exactly as the text sent.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export const safeContentHtml = (sent: string | null | undefined) => (sent ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!)

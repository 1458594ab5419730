/**
 * Activity content as safe HTML: an allow-list sanitiser (sanitize-html, as DESIGN.md names it) keeps the
 * tags and attributes a rich-text editor produces for text, lists, links and pictures, and drops the rest
 * (scripts, event handlers, styles, frames, `javascript:` and `data:` addresses). Sanitising what it
 * already sanitised changes nothing, so an edit sends back what it was given.
 */
import sanitizeHtml from 'sanitize-html'

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'span', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // a link that opens a new window does not hand it this page
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
}

export const safeContentHtml = (sent: string | null | undefined) => sanitizeHtml(sent ?? '', OPTIONS)

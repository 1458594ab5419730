/**
 * How well the domain's words explain a reading of a company's name or an address: the characters
 * that region names (province, city, district) and a company's legal form cover. Of the readings
 * a second look gives one box, the layout keeps the one these words explain best
 * ('…市政股份有限公司' over '…市政设份有限公司', '邯郸市城关区…' over '邯辉市城关区…').
 */
import { regionNames } from './places.js'

const LEGAL_FORM = /(?:股份有限公司|有限责任公司|集团有限公司|有限公司|集团公司|公司)$/

/** the number of characters of `text` a region name or the legal form at its end covers */
export function nameSupport(text: string): number {
  const regions = regionNames()
  const covered = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) {
    for (let len = 2; len <= 5 && i + len <= text.length; len++) {
      if (regions.has(text.slice(i, i + len))) covered.fill(1, i, i + len)
    }
  }
  const form = text.match(LEGAL_FORM)
  if (form) covered.fill(1, form.index!)
  return covered.reduce((n, c) => n + c, 0)
}

/**
 * The blind families' registry (issue 38). Whoever develops the reader never opens this folder or
 * the images it renders; the bench prints only their totals. See ../README.md, "Blind families".
 */
import type { Family } from '../ticketHtml.js'
import { blindD, blindE, blindF } from './forms.js'
import { blindA, blindB, blindC } from './layouts.js'
import { BLIND } from './names.js'

export const BLIND_FAMILIES: Record<(typeof BLIND)[number], Family> = {
  blind_a: blindA, blind_b: blindB, blind_c: blindC, blind_d: blindD, blind_e: blindE, blind_f: blindF,
}

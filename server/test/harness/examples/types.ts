import type { FilePart } from '../../helpers.js'
import type { OtherCompany } from '../otherCompany.js'

export interface ExampleContext {
  /** company A and its user, who holds every permission */
  a: { companyId: number; userId: number; phone: string; password: string }
  b: OtherCompany
  /** a password as the login form sends it (each payload can be used once) */
  encrypt(password: string): string
}

/**
 * What company A's user must get for a valid call naming company B's rows:
 * - `refused`: refused by tenancy, a 404 (not "no such route") or a 403 that is not the permission refusal;
 * - `otherBase`: refused because it names B as the base (a list's filter, an export's path, a new row's
 *   base): 404 with the message every call gives for a base outside the caller's scope, never A's answer instead;
 * - `served`: 200, answered for A itself, with nothing of B in it;
 * - `public`: 200 with what B shows to anyone (its login page), so its name may appear;
 * - a status: the answer of a route whose refusal has nothing to do with B (a wrong SMS code).
 */
export type Outcome = 'refused' | 'otherBase' | 'served' | 'public' | number

/** One valid call of a route: its path params, query, JSON body or multipart form, and its outcome. */
export interface RouteExample {
  params?: Record<string, string | number>
  query?: Record<string, string | number>
  body?: unknown
  form?: { file?: FilePart; fields?: Record<string, string> }
  expect: Outcome
}

type OneOrMore = RouteExample | RouteExample[]

/**
 * Examples keyed by route URL without a trailing slash; every method and alias of that URL uses them.
 * A builder runs once per method (which it is given, for a URL whose methods take different input),
 * so each call gets fresh encrypted passwords.
 */
export type Examples = Record<string, (ctx: ExampleContext, method: string) => OneOrMore | Promise<OneOrMore>>

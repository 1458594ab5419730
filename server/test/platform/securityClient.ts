import type { TestEnv } from '../helpers.js'

export interface Answer { status: number; code: number; message: string; data: any }

/** A request as it reaches the server from `ip` (the socket address), with optional extra headers. */
export async function callFrom(
  env: TestEnv, ip: string, method: 'GET' | 'POST', url: string,
  opts: { payload?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers = { ...opts.headers, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) }
  const res = await env.app.inject({ method, url, remoteAddress: ip, headers, payload: opts.payload as never })
  return { status: res.statusCode, ...res.json() }
}

/** Signs in from `ip` with a freshly encrypted password (each ciphertext is single-use). */
export const loginFrom = (env: TestEnv, ip: string, username: string, password: string, headers?: Record<string, string>) =>
  callFrom(env, ip, 'POST', '/api/users/login', { payload: { username, password: env.encrypt(password) }, headers })

/** How many of the answers have this status and message. */
export const countOf = (answers: Answer[], status: number, message: string) =>
  answers.filter((a) => a.status === status && a.message === message).length

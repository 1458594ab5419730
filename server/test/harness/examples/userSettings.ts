import type { Examples } from './types.js'

/** A user's own settings (modules/userSettings): there is no other user's id to name, so the answer is A's own. */
export const userSettingExamples: Examples = {
  '/api/users/settings/:key': (_, method) => (method === 'GET'
    ? { params: { key: 'transportGrid' }, expect: 'served' }
    : { params: { key: 'transportGrid' }, body: { order: ['createTime'], hidden: [], widths: {} }, expect: 'served' }),
}

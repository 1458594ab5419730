import type { Examples } from './types.js'

// A's user on B's own login page (companyid B) is refused: signing in lands only in a base the user belongs to
const login: Examples[string] = ({ a, b, encrypt }) => ({
  body: { username: a.phone, password: encrypt(a.password), companyid: b.companyId }, expect: 'refused',
})
const unknownToken = { query: { token: 'walk-no-such-token' }, expect: 400 } as const

/** Sign-in, sessions and password recovery (modules/auth). */
export const authExamples: Examples = {
  '/api/users/publicKey': () => ({ expect: 'served' }),
  '/api/users/login': login,
  '/api/users/actions/login': login,
  '/api/users/actions/logout': () => ({ expect: 'served' }),
  '/api/users/sendMsg/:phone': ({ b }) => ({ params: { phone: b.phones.admin }, expect: 'served' }),
  '/api/users/forgetPassword': ({ b, encrypt }) => ({
    body: { userName: b.phones.subAccount, code: '000000', password: encrypt('Walk@123456') }, expect: 400,
  }),
  '/api/users/loginToken': () => ({ expect: 'served' }),
  '/api/users/getByToken': () => unknownToken,
  '/api/users/getLoginByToken': () => unknownToken,
}

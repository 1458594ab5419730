/** Signing in and out, the login token, and a password reset by SMS code (the guesses' lockout is platform/loginLockout.ts). */
export { authRoutes } from './routes.js'

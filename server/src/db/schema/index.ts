export * from './companies.js'
export * from './users.js'
export * from './auth.js'
export * from './menus.js'

/** Bases (基地) and headquarters' management of them; other modules check a base exists before writing for it. */
export { companyRoutes } from './routes.js'
export { assertCompanyExists, createCompany } from './service.js'

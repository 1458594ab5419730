import { createTemplate } from './databaseTemplate.js'

/** Before any test file: the migrated, seeded database every test server starts from (databaseTemplate.ts). */
export default async function setup() {
  return createTemplate(process.env.TEST_DATABASE_URL)
}

import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/**
 * The contrib extensions the migrations create (pg_trgm: the goods description search). PGlite loads
 * an extension's code only when opened with it, so every PGlite this server opens passes these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm }

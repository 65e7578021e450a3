import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the schema uses, loaded into every embedded database this app opens
 * (server, backup check, scripts): `pg_trgm` for the search indexes (docs/product/search.md).
 * A database whose migrations created them cannot be written without them.
 */
export const pgliteExtensions = { pg_trgm };

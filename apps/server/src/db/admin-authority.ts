import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `hasAdminAuthorityOf` in SQL: role admin or the isAdmin flag. Every query asking it uses this;
 * the last-admin rule (features/membership/last-admin.ts) re-exports it. It lives beside the tables
 * so the account store, below membership, asks it too.
 */
export const holdsAdminAuthority = (m: { role: AnyPgColumn; isAdmin: AnyPgColumn }): SQL =>
  sql`(${m.role} = 'admin' or ${m.isAdmin})`;

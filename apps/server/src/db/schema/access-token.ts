import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TokenScope } from '@teamline/contract';
import { ts } from './columns.js';
import { members } from './member.js';

/**
 * A personal access token of a member (issue 34, features/access-token): the SHA-256 of the secret
 * (32 random bytes, so a plain hash is enough), never the secret; its scopes, expiry, revocation and
 * last use (moved at most every few minutes, or when the address changes).
 */
export const accessTokens = pgTable(
  'access_token',
  {
    tokenIdx: serial('token_idx').primaryKey(),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** `tl_pat_` and the secret's first 4 characters, so the owner can tell tokens apart. */
    hint: text('hint').notNull(),
    scopes: jsonb('scopes').$type<TokenScope[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
  },
  (t) => [
    uniqueIndex('access_token_hash_uq').on(t.tokenHash),
    index('access_token_member_idx').on(t.memberIdx),
  ],
);

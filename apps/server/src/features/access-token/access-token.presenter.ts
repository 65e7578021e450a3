import type { AccessToken } from '@teamline/contract';
import type { AccessTokenRow } from './access-token.repository.js';

/** A token as its owner's list shows it: never the secret nor its hash. */
export function toAccessToken(row: AccessTokenRow): AccessToken {
  return {
    tokenIdx: row.tokenIdx,
    name: row.name,
    hint: row.hint,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
  };
}

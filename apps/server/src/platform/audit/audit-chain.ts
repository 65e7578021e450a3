import { sha256 } from '../../shared/crypto.js';

/** The `prev_hash` of the very first record, and the anchor before the retention job deleted any. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields a record's hash covers: all of them but the hashes themselves. */
export interface ChainedFields {
  auditIdx: number;
  occurredAt: Date;
  kind: string;
  actorIdx: number | null;
  memberIdx: number | null;
  projectIdx: number | null;
  targetType: string | null;
  targetIdx: number | null;
  changes: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
}

/** JSON with object keys sorted at every level: jsonb keeps no key order, so the hash cannot depend on it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * The record as the hash sees it. The time is written at millisecond precision (what the app stores:
 * `occurred_at` comes from the app's clock, not the database's), so it reads back identical.
 */
export const canonicalRecord = (r: ChainedFields): string =>
  canonicalJson({
    auditIdx: r.auditIdx,
    occurredAt: r.occurredAt.toISOString(),
    kind: r.kind,
    actorIdx: r.actorIdx,
    memberIdx: r.memberIdx,
    projectIdx: r.projectIdx,
    targetType: r.targetType,
    targetIdx: r.targetIdx,
    changes: r.changes,
    ip: r.ip,
    userAgent: r.userAgent,
  });

/** hash = sha256(prevHash || canonical record): a changed, removed or reordered record breaks every link after it. */
export const chainHash = (prevHash: string, record: ChainedFields): string =>
  sha256(prevHash + canonicalRecord(record));

import type { AuditKind, AuditTargetType } from '@teamline/contract';
import type { Clock } from '../../infra/clock.js';
import type { Db } from '../../infra/db.js';
import { currentRequest } from '../request-context.js';
import { chainHash } from './audit-chain.js';
import { createAuditRepository, type AuditRow } from './audit.repository.js';

/**
 * One audit record as a feature states it. The time, the client's address and browser come from the
 * clock and the request being served (platform/request-context.ts); the actor too, unless given
 * (`null`: the system or an anonymous caller; a sign-in names the account it signed in).
 */
export interface AuditEntry {
  kind: AuditKind;
  actorIdx?: number | null;
  /** The account concerned (its own log shows the record). */
  memberIdx?: number | null;
  projectIdx?: number | null;
  target?: { type: AuditTargetType; idx: number } | null;
  /** `{ field: { from, to } }` for what changed, plain values for the facts (plan, amount, name…). Never a secret. */
  changes?: Record<string, unknown>;
}

/**
 * An entry about one account (sign-ins, factors, passwords, sessions, its data): the account is the
 * record's `memberIdx` and target, so its own log (`GET /audit/me`) shows it.
 */
export function accountEntry(
  kind: AuditKind,
  memberIdx: number,
  extra: Pick<AuditEntry, 'actorIdx' | 'changes'> = {},
): AuditEntry {
  return { kind, memberIdx, target: { type: 'account', idx: memberIdx }, ...extra };
}

/** The port every feature records through; `handle` is the transaction of the change (or the database). */
export interface AuditTrail {
  record(handle: Db, entries: AuditEntry | readonly AuditEntry[]): Promise<void>;
}

/** What a unit of work hands its work: records are kept and appended just before the commit. */
export interface AuditRecorder {
  record(entry: AuditEntry): void;
}

/**
 * Appends records to the chain on `handle`: in a transaction (a savepoint inside the caller's), the
 * chain's head is locked, each record gets the next id and `hash = sha256(prevHash || record)`, and
 * the head moves on. The caller's commit makes the change and its records durable together; a
 * rollback drops both. Concurrent appends wait at the head's lock (PostgreSQL) or behind PGlite's one
 * connection, so the chain never forks.
 */
export function createAuditTrail(clock: Clock): AuditTrail {
  return {
    async record(handle, given) {
      const entries = Array.isArray(given) ? (given as readonly AuditEntry[]) : [given as AuditEntry];
      if (entries.length === 0) return;
      const request = currentRequest();
      await handle.transaction(async (tx) => {
        const repo = createAuditRepository(tx);
        const head = await repo.lockHead();
        let prevHash = head.lastHash;
        let auditIdx = head.lastIdx;
        const occurredAt = clock.now();
        const rows: AuditRow[] = entries.map((entry) => {
          auditIdx += 1;
          const fields = {
            auditIdx,
            occurredAt,
            kind: entry.kind,
            actorIdx: entry.actorIdx === undefined ? request.actorIdx : entry.actorIdx,
            memberIdx: entry.memberIdx ?? null,
            projectIdx: entry.projectIdx ?? null,
            targetType: entry.target?.type ?? null,
            targetIdx: entry.target?.idx ?? null,
            // As jsonb will give it back: no undefined, dates as text.
            changes: JSON.parse(JSON.stringify(entry.changes ?? {})) as Record<string, unknown>,
            ip: request.ip,
            userAgent: request.userAgent,
          };
          const hash = chainHash(prevHash, fields);
          const row = { ...fields, prevHash, hash };
          prevHash = hash;
          return row;
        });
        await repo.append(rows);
      });
    },
  };
}

/** The unit of work's recorder: it keeps the entries until the work is done (see unit-of-work.ts). */
export function bufferedAuditRecorder(): AuditRecorder & { entries: AuditEntry[] } {
  const entries: AuditEntry[] = [];
  return { entries, record: (entry) => void entries.push(entry) };
}

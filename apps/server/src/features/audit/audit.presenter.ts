import type { AuditKind, AuditRecord, AuditTargetType } from '@teamline/contract';
import type { AuditListRow } from '../../platform/audit/audit.repository.js';

const person = (memberIdx: number | null, nickname: string | null) =>
  memberIdx === null ? null : { memberIdx, nickname };

/**
 * A row as a reader sees it. In one's own log a record someone else made (an admin changed your
 * role) shows without that person's address and browser: those are theirs, not yours.
 */
export function toRecord(row: AuditListRow, hideOthersOf?: number): AuditRecord {
  const hide = hideOthersOf !== undefined && row.actorIdx !== hideOthersOf;
  return {
    auditIdx: row.auditIdx,
    occurredAt: row.occurredAt.toISOString(),
    kind: row.kind as AuditKind,
    actor: person(row.actorIdx, row.actorNickname),
    member: person(row.memberIdx, row.memberNickname),
    projectIdx: row.projectIdx,
    target:
      row.targetType && row.targetIdx !== null
        ? { type: row.targetType as AuditTargetType, idx: row.targetIdx }
        : null,
    changes: row.changes,
    ip: hide ? null : row.ip,
    userAgent: hide ? null : row.userAgent,
  };
}

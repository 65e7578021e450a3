import { chainHash } from '../../platform/audit/audit-chain.js';
import type { AuditRepository } from '../../platform/audit/audit.repository.js';

const BATCH = 1_000;

/** Why a record breaks the chain. */
export type ChainBreak =
  /** Its stored hash is not the hash of its content: the row was edited. */
  | 'edited'
  /** Its `prev_hash` is not the previous record's hash: a record before it was replaced or re-chained. */
  | 'link'
  /** The record with this id is gone (ids count up without gaps): deleted outside the retention job. */
  | 'missing'
  /** The head says the chain ends elsewhere: records at the end were deleted or added around the chain. */
  | 'head';

export type ChainReport =
  | { ok: true; records: number; firstIdx: number | null; lastIdx: number | null }
  | { ok: false; records: number; auditIdx: number; reason: ChainBreak };

/**
 * Walks the whole chain in order, from the retention anchor to the head, and stops at the first
 * record that breaks it (`npm run audit:verify`). Reads in batches, so memory does not grow with
 * the log.
 */
export async function verifyAuditChain(repo: AuditRepository): Promise<ChainReport> {
  const head = await repo.head();
  let expectedIdx = head.anchorIdx + 1;
  let expectedPrev = head.anchorHash;
  let records = 0;
  let cursor = head.anchorIdx;
  for (;;) {
    const batch = await repo.after(cursor, BATCH);
    for (const row of batch) {
      if (row.auditIdx !== expectedIdx)
        return { ok: false, records, auditIdx: expectedIdx, reason: 'missing' };
      if (row.prevHash !== expectedPrev)
        return { ok: false, records, auditIdx: row.auditIdx, reason: 'link' };
      if (chainHash(row.prevHash, row) !== row.hash)
        return { ok: false, records, auditIdx: row.auditIdx, reason: 'edited' };
      expectedPrev = row.hash;
      expectedIdx += 1;
      records += 1;
    }
    if (batch.length < BATCH) break;
    cursor = batch[batch.length - 1]!.auditIdx;
  }
  if (head.lastIdx !== expectedIdx - 1 || head.lastHash !== expectedPrev)
    return { ok: false, records, auditIdx: expectedIdx, reason: 'head' };
  return {
    ok: true,
    records,
    firstIdx: records ? head.anchorIdx + 1 : null,
    lastIdx: records ? head.lastIdx : null,
  };
}

const breaks: Record<ChainBreak, string> = {
  edited: 'its content does not match its hash (the row was edited)',
  link: "its prev_hash is not the previous record's hash (a record before it was replaced)",
  missing: 'it is missing (deleted outside the retention job)',
  head: 'the chain head does not end at the last record (records at the end were deleted or added around the chain)',
};

/** The command's one line. */
export const describeChainReport = (report: ChainReport): string =>
  report.ok
    ? report.records === 0
      ? 'audit chain OK: no records'
      : `audit chain OK: ${report.records} records, #${report.firstIdx}–#${report.lastIdx}`
    : `audit chain BROKEN at record #${report.auditIdx}: ${breaks[report.reason]} (${report.records} records before it verified)`;

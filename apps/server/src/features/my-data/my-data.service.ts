import { accountEntry } from '../../platform/audit/audit-trail.js';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { API_BASE, apiPaths, type MemberExport, type MemberExportStatus } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import { inTransaction } from '../../shared/transaction.js';
import {
  createMemberExportRepository,
  type MemberExportRepository,
  type MemberExportRow,
} from './member-export.repository.js';

export const MY_DATA_EXPORT_JOB = 'my-data.export';
/** How long the download address `GET /member/export` hands out works. */
export const EXPORT_URL_TTL_SECONDS = 10 * 60;

/** What the export job carries: the archive row and whose it is. */
export interface ExportJobData {
  exportIdx: number;
  memberIdx: number;
}

/**
 * "My data" (issue 30, docs/decisions.md "Files and my data"): a member asks for an archive of
 * everything of theirs; the durable job `my-data.export` builds it into storage; the member follows
 * its progress and downloads it through a short-lived signed address, for MEMBER_EXPORT_KEEP_DAYS.
 */
export function createMyDataService(ctx: AppContext, exportsRepo: MemberExportRepository) {
  const sign = (exportIdx: number, expires: number) =>
    createHmac('sha256', ctx.config.fileUrlSecret)
      .update(`member-export:${exportIdx}:${expires}`)
      .digest('base64url');

  function downloadUrl(exportIdx: number): string {
    const expires = Math.floor(ctx.clock.now().getTime() / 1000) + EXPORT_URL_TTL_SECONDS;
    const query = new URLSearchParams({
      exportIdx: String(exportIdx),
      expires: String(expires),
      signature: sign(exportIdx, expires),
    });
    return `${API_BASE}${apiPaths.memberExportDownload}?${query.toString()}`;
  }

  const isLive = (row: MemberExportRow) =>
    row.state === 'ready' && !!row.storageKey && !!row.expiresAt && row.expiresAt > ctx.clock.now();

  function toExport(row: MemberExportRow): MemberExport {
    const live = isLive(row);
    return {
      exportIdx: row.exportIdx,
      // A ready archive past its time is expired for the reader even before the sweep runs.
      state: row.state === 'ready' && !live ? 'expired' : row.state,
      progress: row.progress,
      size: row.size,
      createdAt: row.createdAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      downloadUrl: live ? downloadUrl(row.exportIdx) : null,
    };
  }

  /** Queues the job of an archive (a second send while one is queued or running is dropped). */
  const sendJob = (row: MemberExportRow) =>
    ctx.jobs.send<ExportJobData>(
      MY_DATA_EXPORT_JOB,
      { exportIdx: row.exportIdx, memberIdx: row.memberIdx },
      { singletonKey: `member-export:${row.exportIdx}` },
    );

  return {
    /**
     * `POST /member/export`: a new archive, one at a time per member (409 MEMBER_EXPORT_RUNNING while
     * one is queued or running). The row commits first, then the job is queued; a crash between the
     * two leaves a queued row that the hourly sweep queues again. The request is in the account's
     * audit log (`account.data_exported`), written with the row.
     */
    async start(actor: Actor): Promise<MemberExportStatus> {
      const row = await inTransaction(ctx.database.db, async (tx) => {
        const queued = await createMemberExportRepository(tx).insertQueued(actor.memberIdx, ctx.clock.now());
        if (!queued) throw new AppError('MEMBER_EXPORT_RUNNING');
        await ctx.audit.record(tx, accountEntry('account.data_exported', actor.memberIdx));
        return queued;
      });
      await sendJob(row);
      return { export: toExport(row) };
    },

    /** `GET /member/export`: the caller's newest archive with its progress, and its address when ready. */
    async status(actor: Actor): Promise<MemberExportStatus> {
      const row = await exportsRepo.latestOf(actor.memberIdx);
      return { export: row ? toExport(row) : null };
    },

    /**
     * The archive behind a signed address: a forged, altered, expired or foreign signature, or an
     * archive no longer ready, is MEMBER_EXPORT_LINK_INVALID.
     */
    async download(input: {
      exportIdx: number;
      expires: number;
      signature: string;
    }): Promise<{ stream: Readable; size: number | null; fileName: string }> {
      const expected = Buffer.from(sign(input.exportIdx, input.expires));
      const given = Buffer.from(input.signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        throw new AppError('MEMBER_EXPORT_LINK_INVALID');
      if (input.expires * 1000 <= ctx.clock.now().getTime()) throw new AppError('MEMBER_EXPORT_LINK_INVALID');
      const row = await exportsRepo.findById(input.exportIdx);
      if (!row || !isLive(row)) throw new AppError('MEMBER_EXPORT_LINK_INVALID');
      const stream = await ctx.storage.openRead(row.storageKey!);
      if (!stream) throw new AppError('MEMBER_EXPORT_LINK_INVALID');
      const day = row.readyAt!.toISOString().slice(0, 10);
      return { stream, size: row.size, fileName: `teamline-my-data-${day}.zip` };
    },

    sendJob,
  };
}
export type MyDataService = ReturnType<typeof createMyDataService>;

import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { API_BASE, apiPaths, requestRecord, UPLOAD_MAX_BYTES } from '@teamline/contract';
import type { ByteRange, TempFile } from '../../infra/storage.js';
import { AppError } from '../../shared/app-error.js';
import { inTransaction } from '../../shared/transaction.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { FileRepository, FileRow, QuotaOwner } from './file.repository.js';
import { createFileAttachments, type DeletedFile } from '../account-store/file-attachment.repository.js';
import type { FileDeletion } from './file-deletion.js';
import { UploadInspector, detectAllowedTypeOfFile } from './file.policy.js';
import { costlyCallLimits } from '../../platform/rate-limit/costly-calls.js';

/** Raster images a browser renders and that cannot carry script (review images, avatars). */
export const imageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** How long a signed file address works: long enough to load a page of images, short enough to leak little. */
export const FILE_URL_TTL_SECONDS = 10 * 60;

/** A readable stored file: streamed from storage (never held whole), all of it or one byte range. */
export interface StoredFileContent {
  size: number;
  mime: string;
  fileName: string;
  open(range?: ByteRange): Promise<Readable>;
}

/** What another feature learns of a stored file it was handed by id. */
export interface StoredFile {
  fileIdx: number;
  uploaderIdx: number;
  projectIdx: number | null;
  mime: string;
}

export function createFileService(
  ctx: AppContext,
  repo: FileRepository,
  authz: Authorization<MembershipRow>,
  deletion: FileDeletion,
) {
  /**
   * A member of the file's project reads it, unless it is attached to requests: then only those who
   * may see one of them (its parties and whoever answers for them, `request.view`).
   */
  async function mayReadProjectFile(actor: Actor, fileIdx: number, projectIdx: number): Promise<boolean> {
    const m = await authz
      .authorize(actor, 'file.download', { projectIdx, missing: 'FILE_NOT_FOUND' })
      .catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
    if (!m) return false;
    const attached = await repo.attachedRequests(fileIdx);
    if (attached.length === 0) return true;
    return attached.some((r) =>
      authz.allows(
        m,
        'request.view',
        requestRecord(r, [
          { memberInProjectIdx: r.senderIdx, depth1Idx: r.senderLead },
          { memberInProjectIdx: r.receiverIdx, depth1Idx: r.receiverLead },
        ]),
      ),
    );
  }

  /**
   * The uploader, members of the file's project (of a request's file: those who may see the request),
   * and project mates of a member using it as avatar.
   */
  async function mayRead(actor: Actor, row: FileRow): Promise<boolean> {
    return (
      row.uploaderIdx === actor.memberIdx ||
      (row.projectIdx != null && (await mayReadProjectFile(actor, row.fileIdx, row.projectIdx))) ||
      (await repo.isProfileImageSeenBy(row.fileIdx, actor.memberIdx))
    );
  }

  /**
   * A short-lived address of the file that needs no bearer key (an <img> cannot send one): the
   * file id and expiry signed with HMAC-SHA256 (`FILE_URL_SECRET`). The caller decides first who
   * may have it.
   */
  function signedUrl(fileIdx: number): { url: string; expiresAt: string } {
    const expires = Math.floor(ctx.clock.now().getTime() / 1000) + FILE_URL_TTL_SECONDS;
    const query = new URLSearchParams({
      fileIdx: String(fileIdx),
      expires: String(expires),
      signature: sign(fileIdx, expires),
    });
    return {
      url: `${API_BASE}${apiPaths.fileSigned}?${query.toString()}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** What a download sends: the size and type from the row, the bytes (all or a range) opened on demand from storage. */
  function contentOf(row: FileRow): StoredFileContent {
    return {
      size: row.size,
      mime: row.mime,
      fileName: row.originalName,
      async open(range) {
        const stream = await ctx.storage.openRead(row.storageKey, range);
        if (!stream) throw new AppError('FILE_NOT_FOUND');
        return stream;
      },
    };
  }

  const sign = (fileIdx: number, expires: number): string =>
    createHmac('sha256', ctx.config.fileUrlSecret).update(`file:${fileIdx}:${expires}`).digest('base64url');

  return {
    /**
     * A stored (not deleted) file's owner, project and type, for another feature that takes a file
     * by id (a profile picture, a document's attachment) and checks it belongs there.
     */
    async findStored(fileIdx: number): Promise<StoredFile | null> {
      const row = await repo.findById(fileIdx);
      return (
        row && {
          fileIdx: row.fileIdx,
          uploaderIdx: row.uploaderIdx,
          projectIdx: row.projectIdx,
          mime: row.mime,
        }
      );
    },
    /**
     * Streams the upload to a temporary file in the storage folder (counting its size against the
     * smaller of UPLOAD_MAX_BYTES and the quota left), reads its type from the written bytes, renames
     * it into place and writes the row; nothing holds the whole file in memory, and any failure
     * deletes what was written.
     */
    async upload(
      actor: Actor,
      input: {
        stream: Readable;
        isTruncated: () => boolean;
        fileName: string;
        projectIdx: number | null;
        /** Only raster images (review images): anything else is FILE_TYPE_NOT_ALLOWED, read from the bytes. */
        imagesOnly?: boolean;
      },
    ) {
      let temp: TempFile | null = null;
      try {
        if (input.projectIdx != null) await authz.authorize(actor, 'file.upload', input.projectIdx);
        await ctx.limiter.take(costlyCallLimits.uploadsPerMember, actor.memberIdx);
        if (input.projectIdx != null)
          await ctx.limiter.take(costlyCallLimits.uploadsPerProject, input.projectIdx);
        const owner: QuotaOwner =
          input.projectIdx != null ? { projectIdx: input.projectIdx } : { memberIdx: actor.memberIdx };
        const quota =
          'projectIdx' in owner ? ctx.config.storageQuota.projectBytes : ctx.config.storageQuota.memberBytes;
        const left = quota - (await repo.usedBytes(owner));
        if (left <= 0) throw new AppError('STORAGE_QUOTA_EXCEEDED');
        const cap = Math.min(UPLOAD_MAX_BYTES, left);
        const inspector = new UploadInspector(
          cap,
          () => new AppError(cap < UPLOAD_MAX_BYTES ? 'STORAGE_QUOTA_EXCEEDED' : 'FILE_TOO_LARGE'),
        );
        temp = await ctx.storage.writeTemp(input.stream, inspector);
        // The multipart parser stops at UPLOAD_MAX_BYTES and marks the stream truncated.
        if (input.isTruncated()) throw new AppError('FILE_TOO_LARGE');
        if (inspector.size === 0) throw new AppError('FILE_REQUIRED');
        const mime = await detectAllowedTypeOfFile(temp, inspector, input.fileName);
        if (!mime || (input.imagesOnly && !imageTypes.has(mime))) throw new AppError('FILE_TYPE_NOT_ALLOWED');
        const storageKey = randomUUID();
        await temp.commit(storageKey);
        temp = null;
        try {
          const row = await repo.insertWithinQuota(
            {
              uploaderIdx: actor.memberIdx,
              projectIdx: input.projectIdx,
              originalName: input.fileName.slice(0, 255) || 'file',
              mime,
              size: inspector.size,
              storageKey,
            },
            owner,
            quota,
          );
          // Another upload took the space while this one was streaming.
          if (!row) throw new AppError('STORAGE_QUOTA_EXCEEDED');
          return { fileIdx: row.fileIdx };
        } catch (error) {
          await ctx.storage.remove(storageKey);
          throw error;
        }
      } catch (error) {
        await temp?.discard();
        // A refusal before the stream was read: let the rest of the request body flow past.
        input.stream.resume();
        throw error;
      }
    },

    /**
     * The uploader, members of the file's project (of a request's file: those who may see the request),
     * and project mates of a member using it as avatar.
     * Anyone else gets FILE_NOT_FOUND, as for a missing id.
     */
    async download(actor: Actor, fileIdx: number) {
      const row = await repo.findById(fileIdx);
      if (!row || !(await mayRead(actor, row))) throw new AppError('FILE_NOT_FOUND');
      return contentOf(row);
    },

    /** Whether `download` would let the caller read the file (the row must exist). */
    mayRead: async (actor: Actor, fileIdx: number): Promise<boolean> => {
      const row = await repo.findById(fileIdx);
      return !!row && (await mayRead(actor, row));
    },

    findById: (fileIdx: number) => repo.findById(fileIdx),

    /**
     * `DELETE /file/{fileIdx}`: a file attached to nothing (an upload never saved, or one taken off
     * everything). A member's own file (no project) is its uploader's alone; a project file goes by the
     * record rule on its uploader's record (the uploader, admin authority, the uploader's depth1
     * lead); who may not read it gets FILE_NOT_FOUND as for a missing id, who reads it but may not
     * delete it the table's refusal. A file still used anywhere is 409 FILE_IN_USE: it is removed
     * where it is used (the profile, the review, the request, the document), which frees it.
     */
    async remove(actor: Actor, fileIdx: number): Promise<{ fileIdx: number }> {
      const row = await repo.findById(fileIdx);
      if (!row) throw new AppError('FILE_NOT_FOUND');
      if (row.projectIdx == null) {
        if (row.uploaderIdx !== actor.memberIdx) throw new AppError('FILE_NOT_FOUND');
      } else {
        if (!(await mayRead(actor, row))) throw new AppError('FILE_NOT_FOUND');
        const owner = await repo.uploaderRecord(row.projectIdx, row.uploaderIdx);
        await authz.authorize(actor, 'file.delete', {
          projectIdx: row.projectIdx,
          owners: [owner],
          missing: 'FILE_NOT_FOUND',
        });
      }
      const marked = await inTransaction(ctx.database.db, (tx) =>
        createFileAttachments(tx).release([fileIdx], 'deleted', ctx.clock.now()),
      );
      if (marked.length === 0) {
        if (!(await repo.findById(fileIdx))) throw new AppError('FILE_NOT_FOUND');
        throw new AppError('FILE_IN_USE');
      }
      await deletion.finish(marked);
      return { fileIdx };
    },

    /**
     * After a transaction that marked files deleted (a review or request dropping them, a withdrawal)
     * commits: their bytes and rows go. A crash before this is finished by the hourly job.
     */
    finishDeletions: (marked: readonly DeletedFile[]) => deletion.finish(marked),

    /** The caller's own use: files outside any project against the member quota. */
    async usage(actor: Actor) {
      return {
        usedBytes: await repo.usedBytes({ memberIdx: actor.memberIdx }),
        quotaBytes: ctx.config.storageQuota.memberBytes,
      };
    },

    /** A project's use against its quota, for those who manage it (`file.usage`). */
    async projectUsage(actor: Actor, projectIdx: number) {
      await authz.authorize(actor, 'file.usage', projectIdx);
      return {
        usedBytes: await repo.usedBytes({ projectIdx }),
        quotaBytes: ctx.config.storageQuota.projectBytes,
      };
    },

    signedUrl,

    /**
     * Signed addresses of the images a document of this project shows, for a reader without a key
     * (a public link) or outside the app (an export): only files of that project that are not a
     * request's attachment (those stay with the request's parties). Others get none.
     */
    async signedUrlsInProject(projectIdx: number, fileIdxs: Iterable<number>): Promise<Map<number, string>> {
      const urls = new Map<number, string>();
      for (const fileIdx of fileIdxs) {
        const row = await repo.findById(fileIdx);
        if (!row || row.projectIdx !== projectIdx) continue;
        if ((await repo.attachedRequests(fileIdx)).length > 0) continue;
        urls.set(fileIdx, signedUrl(fileIdx).url);
      }
      return urls;
    },

    /** The bytes behind a signed address; an expired, altered or foreign signature is FILE_URL_INVALID. */
    async downloadSigned(input: { fileIdx: number; expires: number; signature: string }) {
      const expected = Buffer.from(sign(input.fileIdx, input.expires));
      const given = Buffer.from(input.signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        throw new AppError('FILE_URL_INVALID');
      if (input.expires * 1000 <= ctx.clock.now().getTime()) throw new AppError('FILE_URL_INVALID');
      const row = await repo.findById(input.fileIdx);
      if (!row) throw new AppError('FILE_NOT_FOUND');
      return contentOf(row);
    },
  };
}
export type FileService = ReturnType<typeof createFileService>;

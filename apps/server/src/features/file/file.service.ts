import { randomUUID } from 'node:crypto';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { MembershipRow } from '../project/project.repository.js';
import type { FileRepository } from './file.repository.js';
import { detectAllowedType } from './file.policy.js';

export function createFileService(
  ctx: AppContext,
  repo: FileRepository,
  authz: Authorization<MembershipRow>,
) {
  return {
    async upload(actor: Actor, input: { bytes: Buffer; fileName: string; projectIdx: number | null }) {
      if (input.projectIdx != null) await authz.authorize(actor, 'file.upload', input.projectIdx);
      const mime = await detectAllowedType(input.bytes, input.fileName);
      if (!mime) throw new AppError('FILE_TYPE_NOT_ALLOWED');
      const storageKey = randomUUID();
      await ctx.storage.put(storageKey, input.bytes);
      const row = await repo.insert({
        uploaderIdx: actor.memberIdx,
        projectIdx: input.projectIdx,
        originalName: input.fileName.slice(0, 255) || 'file',
        mime,
        size: input.bytes.length,
        storageKey,
      });
      return { fileIdx: row.fileIdx };
    },

    /**
     * The uploader, members of the file's project, and project mates of a member using it as avatar.
     * Anyone else gets FILE_NOT_FOUND, as for a missing id.
     */
    async download(actor: Actor, fileIdx: number) {
      const row = await repo.findById(fileIdx);
      if (!row) throw new AppError('FILE_NOT_FOUND');
      const allowed =
        row.uploaderIdx === actor.memberIdx ||
        (row.projectIdx != null &&
          (await authz
            .authorize(actor, 'file.download', { projectIdx: row.projectIdx, missing: 'FILE_NOT_FOUND' })
            .then(
              () => true,
              (error: unknown) => {
                if (error instanceof AppError) return false;
                throw error;
              },
            ))) ||
        (await repo.isProfileImageSeenBy(row.fileIdx, actor.memberIdx));
      if (!allowed) throw new AppError('FILE_NOT_FOUND');
      const bytes = await ctx.storage.get(row.storageKey);
      if (!bytes) throw new AppError('FILE_NOT_FOUND');
      return { bytes, mime: row.mime, fileName: row.originalName };
    },
  };
}
export type FileService = ReturnType<typeof createFileService>;

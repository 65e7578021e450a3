import { randomUUID } from 'node:crypto';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { ProjectService } from '../project/project.service.js';
import type { ProjectRepository } from '../project/project.repository.js';
import type { FileRepository } from './file.repository.js';
import { detectAllowedType } from './file.policy.js';

export function createFileService(
  ctx: AppContext,
  repo: FileRepository,
  projects: ProjectService,
  projectRepo: ProjectRepository,
) {
  return {
    async upload(actor: Actor, input: { bytes: Buffer; fileName: string; projectIdx: number | null }) {
      if (input.projectIdx != null) await projects.authorizeIn(actor, input.projectIdx, 'file.upload');
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

    /** The uploader, members of the file's project, and project mates of a member using it as avatar. */
    async download(actor: Actor, fileIdx: number) {
      const row = await repo.findById(fileIdx);
      if (!row) throw new AppError('FILE_NOT_FOUND');
      const allowed =
        row.uploaderIdx === actor.memberIdx ||
        (row.projectIdx != null &&
          (await projectRepo.findMembership(row.projectIdx, actor.memberIdx)) != null) ||
        (await repo.isProfileImageSeenBy(row.fileIdx, actor.memberIdx));
      if (!allowed) throw new AppError('FORBIDDEN');
      const bytes = await ctx.storage.get(row.storageKey);
      if (!bytes) throw new AppError('FILE_NOT_FOUND');
      return { bytes, mime: row.mime, fileName: row.originalName };
    },
  };
}
export type FileService = ReturnType<typeof createFileService>;

import type { Folder, FolderCreateRequest, FolderUpdateRequest } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { UnitOfWork } from '../../platform/events/unit-of-work.js';
import type { MembershipRow } from '../project/project.repository.js';
import type { DocumentRepository, FolderRow } from './document.repository.js';

const folderOf = (row: FolderRow): Folder => ({
  folderIdx: row.folderIdx,
  projectIdx: row.projectIdx,
  parentIdx: row.parentIdx,
  name: row.name,
  createdByIdx: row.createdByIdx,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Nested folders of documents. Members list them; whoever writes documents (`document.edit`) makes,
 * renames, moves and deletes them. A delete puts the folder, its subfolders and their documents in
 * the bin together; `restore` takes out exactly what went in with it.
 */
export function createFolderService(
  ctx: AppContext,
  repo: DocumentRepository,
  authz: Authorization<MembershipRow>,
  transaction: UnitOfWork<DocumentRepository>,
) {
  async function parentIn(projectIdx: number, parentIdx: number | null | undefined) {
    if (parentIdx == null) return null;
    const parent = await repo.findFolder(parentIdx);
    if (!parent || parent.projectIdx !== projectIdx || parent.deletedAt)
      throw new AppError('FOLDER_NOT_FOUND');
    return parent.folderIdx;
  }

  async function found(folderIdx: number) {
    const row = await repo.findFolder(folderIdx);
    if (!row) throw new AppError('FOLDER_NOT_FOUND');
    return row;
  }

  return {
    async list(actor: Actor, projectIdx: number) {
      await authz.authorize(actor, 'document.view', projectIdx);
      return { folders: (await repo.foldersOf(projectIdx)).map(folderOf) };
    },

    async create(actor: Actor, input: FolderCreateRequest): Promise<Folder> {
      await authz.authorize(actor, 'document.edit', input.projectIdx);
      const parentIdx = await parentIn(input.projectIdx, input.parentIdx);
      return folderOf(
        await repo.insertFolder({
          projectIdx: input.projectIdx,
          parentIdx,
          name: input.name,
          createdByIdx: actor.memberIdx,
        }),
      );
    },

    async update(actor: Actor, folderIdx: number, input: FolderUpdateRequest): Promise<Folder> {
      const row = await found(folderIdx);
      await authz.authorize(actor, 'document.edit', {
        projectIdx: row.projectIdx,
        missing: 'FOLDER_NOT_FOUND',
      });
      if (input.restore) {
        if (row.deletedAt) {
          const parent = row.parentIdx ? await repo.findFolder(row.parentIdx) : null;
          const deletedAt = row.deletedAt;
          await transaction(async (r) => {
            await r.setFolderTreeDeleted(await r.subtreeOf(folderIdx), null, deletedAt);
            if (parent?.deletedAt) await r.updateFolder(folderIdx, { parentIdx: null });
          });
        }
        return folderOf((await repo.findFolder(folderIdx))!);
      }
      if (row.deletedAt) throw new AppError('FOLDER_NOT_FOUND');
      const set: Partial<FolderRow> = {};
      if (input.name !== undefined) set.name = input.name;
      if (input.parentIdx !== undefined) {
        const parentIdx = await parentIn(row.projectIdx, input.parentIdx);
        if (parentIdx !== null && (await repo.subtreeOf(folderIdx)).includes(parentIdx))
          throw new AppError('FOLDER_MOVE_INVALID');
        set.parentIdx = parentIdx;
      }
      return folderOf(Object.keys(set).length ? await repo.updateFolder(folderIdx, set) : row);
    },

    async remove(actor: Actor, folderIdx: number) {
      const row = await found(folderIdx);
      await authz.authorize(actor, 'document.edit', {
        projectIdx: row.projectIdx,
        missing: 'FOLDER_NOT_FOUND',
      });
      if (row.deletedAt) return;
      const at = ctx.clock.now();
      await transaction(async (r) => r.setFolderTreeDeleted(await r.subtreeOf(folderIdx), at, null));
    },
  };
}
export type FolderService = ReturnType<typeof createFolderService>;

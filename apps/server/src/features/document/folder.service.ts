import type { Folder, FolderCreateRequest, FolderShare, FolderUpdateRequest } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { UnitOfWork } from '../../platform/events/unit-of-work.js';
import type { MembershipPort, MembershipRow } from '../membership/membership.port.js';
import { createDocumentAccess } from './document.access.js';
import type { DocumentRepository, FolderRow, FolderShareRow } from './document.repository.js';

const shareOf = (row: FolderShareRow): FolderShare => ({
  shareIdx: row.shareIdx,
  folderIdx: row.folderIdx,
  memberIdx: row.memberIdx,
  access: row.access,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Nested folders of documents. Members list them; whoever writes documents (`document.edit`) makes,
 * renames, moves and deletes them. A delete puts the folder, its subfolders and their documents in
 * the bin together; `restore` takes out exactly what went in with it. Those who manage a folder share
 * it with members: view or edit on everything below it (document.access.ts).
 */
export function createFolderService(
  ctx: AppContext,
  deps: {
    repo: DocumentRepository;
    authz: Authorization<MembershipRow>;
    memberships: MembershipPort;
    transaction: UnitOfWork<DocumentRepository>;
    /** The live sessions of these documents authenticate again (their rights may have changed). */
    accessChanged: (documentIdxs: number[]) => void;
  },
) {
  const { repo, authz, transaction } = deps;
  const access = createDocumentAccess(repo, authz);

  /** The folders as the caller sees them: what they may do, the shares they manage, what is shared with them. */
  async function foldersFor(actor: Actor, membership: MembershipRow, rows: FolderRow[]): Promise<Folder[]> {
    if (rows.length === 0) return [];
    const projectIdx = rows[0]!.projectIdx;
    const folderAccess = await repo.folderAccessOf(projectIdx, actor.memberIdx);
    const creators = await repo.authorRecords(projectIdx, [...new Set(rows.map((r) => r.createdByIdx))]);
    const cans = rows.map((row) =>
      access.folderCan(
        membership,
        row,
        creators.get(row.createdByIdx) ?? null,
        folderAccess.get(row.folderIdx),
      ),
    );
    const shares = await repo.folderSharesOf(rows.filter((_, i) => cans[i]!.share).map((r) => r.folderIdx));
    return rows.map((row, i) => ({
      folderIdx: row.folderIdx,
      projectIdx: row.projectIdx,
      parentIdx: row.parentIdx,
      name: row.name,
      createdByIdx: row.createdByIdx,
      createdAt: row.createdAt.toISOString(),
      can: cans[i]!,
      shares: shares.filter((s) => s.folderIdx === row.folderIdx).map(shareOf),
      sharedAccess: folderAccess.get(row.folderIdx) ?? null,
    }));
  }
  async function folderFor(actor: Actor, membership: MembershipRow, row: FolderRow) {
    return (await foldersFor(actor, membership, [row]))[0]!;
  }

  /** The folder, refused like a stranger's unless the caller manages its shares. */
  async function toManage(actor: Actor, folderIdx: number) {
    const row = await found(folderIdx);
    if (row.deletedAt) throw new AppError('FOLDER_NOT_FOUND');
    const membership = await authz.authorize(actor, 'document.view', {
      projectIdx: row.projectIdx,
      missing: 'FOLDER_NOT_FOUND',
    });
    const creator =
      (await repo.authorRecords(row.projectIdx, [row.createdByIdx])).get(row.createdByIdx) ?? null;
    authz.decide(membership, 'document.share', {
      projectIdx: row.projectIdx,
      owners: [creator],
      missing: 'FOLDER_NOT_FOUND',
    });
    return row;
  }

  async function sharesChanged(folderIdx: number) {
    deps.accessChanged(await repo.documentIdxsIn(await repo.subtreeOf(folderIdx)));
  }

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
      const membership = await authz.authorize(actor, 'document.view', projectIdx);
      return { folders: await foldersFor(actor, membership, await repo.foldersOf(projectIdx)) };
    },

    async create(actor: Actor, input: FolderCreateRequest): Promise<Folder> {
      const membership = await authz.authorize(actor, 'document.edit', input.projectIdx);
      const parentIdx = await parentIn(input.projectIdx, input.parentIdx);
      const row = await repo.insertFolder({
        projectIdx: input.projectIdx,
        parentIdx,
        name: input.name,
        createdByIdx: actor.memberIdx,
      });
      return folderFor(actor, membership, row);
    },

    async update(actor: Actor, folderIdx: number, input: FolderUpdateRequest): Promise<Folder> {
      const row = await found(folderIdx);
      const membership = await authz.authorize(actor, 'document.edit', {
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
        return folderFor(actor, membership, (await repo.findFolder(folderIdx))!);
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
      const saved = Object.keys(set).length ? await repo.updateFolder(folderIdx, set) : row;
      // A move takes the folder under other shares (or out from under them).
      if (set.parentIdx !== undefined) await sharesChanged(folderIdx);
      return folderFor(actor, membership, saved);
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

    async share(actor: Actor, folderIdx: number, input: { memberIdx: number; access: 'view' | 'edit' }) {
      const row = await toManage(actor, folderIdx);
      if (!(await deps.memberships.findMembership(row.projectIdx, input.memberIdx)))
        throw new AppError('MEMBER_NOT_FOUND');
      const share = await repo.upsertFolderShare({
        folderIdx,
        memberIdx: input.memberIdx,
        access: input.access,
      });
      await sharesChanged(folderIdx);
      return shareOf(share);
    },

    async unshare(actor: Actor, shareIdx: number) {
      const share = await repo.findFolderShare(shareIdx);
      if (!share) throw new AppError('DOCUMENT_SHARE_NOT_FOUND');
      const folder = await repo.findFolder(share.folderIdx);
      // A stranger learns nothing about the share id: its own "not found".
      await authz.authorize(actor, 'document.view', {
        projectIdx: folder!.projectIdx,
        missing: 'DOCUMENT_SHARE_NOT_FOUND',
      });
      await toManage(actor, share.folderIdx);
      await repo.deleteFolderShare(shareIdx);
      await sharesChanged(share.folderIdx);
    },
  };
}
export type FolderService = ReturnType<typeof createFolderService>;

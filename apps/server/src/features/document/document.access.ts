import type { DocumentCan, OwnerRecord } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type {
  DocumentRepository,
  DocumentRow,
  DocumentShareRow,
  FolderAccessMap,
} from './document.repository.js';

type Access = DocumentShareRow['access'];

/** What the caller may do with one document, and why (docs/decisions.md "Documents"). */
export interface DocumentAccessOf {
  membership: MembershipRow;
  /** The strongest share the caller has: the document's own, or one of a folder it is in. */
  shared: Access | undefined;
  can: DocumentCan;
}

type Row = Pick<DocumentRow, 'documentIdx' | 'projectIdx' | 'createdByIdx' | 'visibility' | 'folderIdx'>;

/** The stronger of two shares (edit over view). */
export const strongest = (a: Access | undefined, b: Access | undefined): Access | undefined =>
  a === 'edit' || b === 'edit' ? 'edit' : (a ?? b);

/**
 * The per-document rule on top of the action table: every member reads project documents, the
 * table's `document.edit` (professionals) writes them; the author, admin authority and the author's
 * depth1 lead manage (`document.share`: share, public link, delete); a share gives its member view
 * or edit, and so does a share of a folder it is in (or of one above); a private document is seen
 * only by those who manage it and those it is shared with (other members: 403 DOCUMENT_NO_ACCESS,
 * non-members: 404 DOCUMENT_NOT_FOUND).
 */
export function createDocumentAccess(repo: DocumentRepository, authz: Authorization<MembershipRow>) {
  const recordWith = (row: Row, author: OwnerRecord | null) => ({
    projectIdx: row.projectIdx,
    owners: [author],
    missing: 'DOCUMENT_NOT_FOUND' as const,
  });
  async function recordOf(row: Row) {
    return recordWith(row, await repo.authorRecord(row.projectIdx, row.createdByIdx));
  }

  /** The rule itself, for a membership already read; null: the document is hidden from the caller. */
  function decideFor(
    membership: MembershipRow,
    row: Row,
    shared: Access | undefined,
    author: OwnerRecord | null,
  ): DocumentCan | null {
    const manage = authz.allows(membership, 'document.share', recordWith(row, author));
    if (row.visibility === 'private' && !manage && !shared) return null;
    const edit =
      manage ||
      shared === 'edit' ||
      (row.visibility === 'project' && authz.allows(membership, 'document.edit'));
    return { edit, share: manage, delete: manage };
  }

  async function of(actor: Actor, row: Row, shares?: DocumentShareRow[]): Promise<DocumentAccessOf> {
    const membership = await authz.authorize(actor, 'document.view', {
      projectIdx: row.projectIdx,
      missing: 'DOCUMENT_NOT_FOUND',
    });
    const own = (shares ?? (await repo.sharesOf(row.documentIdx))).find(
      (s) => s.memberIdx === actor.memberIdx,
    );
    const viaFolder =
      row.folderIdx === null
        ? undefined
        : (await repo.folderAccessOf(row.projectIdx, actor.memberIdx)).get(row.folderIdx);
    const shared = strongest(own?.access, viaFolder);
    const can = decideFor(membership, row, shared, await repo.authorRecord(row.projectIdx, row.createdByIdx));
    // The caller is a member of the document's project (authorize above answers everyone else 404
    // like a missing id): "private, not shared with you" tells them whom to ask (docs/decisions.md
    // "Documents (issue 15)").
    if (!can) throw new AppError('DOCUMENT_NO_ACCESS');
    return { membership, shared, can };
  }

  /**
   * What the caller may do with each listed document of one project, from two queries for the whole
   * list (the caller's shares, the authors' records) instead of three per document; `folderAccess` is
   * what the caller's folder shares give (read once by the caller for the listing too).
   */
  async function ofList(
    actor: Actor,
    membership: MembershipRow,
    rows: Row[],
    folderAccess: FolderAccessMap,
  ): Promise<(DocumentCan | null)[]> {
    if (rows.length === 0) return [];
    const projectIdx = rows[0]!.projectIdx;
    const shares = await repo.sharesOfMember(
      actor.memberIdx,
      rows.map((r) => r.documentIdx),
    );
    const authors = await repo.authorRecords(projectIdx, [...new Set(rows.map((r) => r.createdByIdx))]);
    return rows.map((row) =>
      decideFor(
        membership,
        row,
        strongest(
          shares.get(row.documentIdx)?.access,
          row.folderIdx === null ? undefined : folderAccess.get(row.folderIdx),
        ),
        authors.get(row.createdByIdx) ?? null,
      ),
    );
  }

  /**
   * A folder's rule: those who manage it (its creator, admin authority, the creator's depth1 lead)
   * share it; documents are added by whoever writes documents or has an edit share of it or above.
   */
  function folderCan(
    membership: MembershipRow,
    folder: { projectIdx: number },
    creator: OwnerRecord | null,
    shared: Access | undefined,
  ) {
    return {
      share: authz.allows(membership, 'document.share', {
        projectIdx: folder.projectIdx,
        owners: [creator],
        missing: 'FOLDER_NOT_FOUND' as const,
      }),
      addDocument: shared === 'edit' || authz.allows(membership, 'document.edit'),
    };
  }

  return {
    of,
    ofList,
    folderCan,
    /** Refuses unless the caller may write it, with the table's own code where the table decides. */
    async toEdit(actor: Actor, row: Row): Promise<DocumentAccessOf> {
      const access = await of(actor, row);
      if (access.can.edit) return access;
      if (row.visibility === 'project' && !access.shared) authz.decide(access.membership, 'document.edit');
      throw new AppError('DOCUMENT_ACCESS_DENIED');
    },
    /** Refuses unless the caller manages it (author, admin authority, the author's lead). */
    async toManage(actor: Actor, row: Row): Promise<DocumentAccessOf> {
      const access = await of(actor, row);
      if (!access.can.share) authz.decide(access.membership, 'document.share', await recordOf(row));
      return access;
    },
  };
}
export type DocumentAccess = ReturnType<typeof createDocumentAccess>;

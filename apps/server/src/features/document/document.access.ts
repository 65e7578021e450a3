import type { DocumentCan, OwnerRecord } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { MembershipRow } from '../project/project.repository.js';
import type { DocumentRepository, DocumentRow, DocumentShareRow } from './document.repository.js';

/** What the caller may do with one document, and why (docs/decisions.md "Documents"). */
export interface DocumentAccessOf {
  membership: MembershipRow;
  share: DocumentShareRow | undefined;
  can: DocumentCan;
}

type Row = Pick<DocumentRow, 'documentIdx' | 'projectIdx' | 'createdByIdx' | 'visibility'>;

/**
 * The per-document rule on top of the action table: every member reads project documents, the
 * table's `document.edit` (professionals) writes them; the author, admin authority and the author's
 * depth1 lead manage (`document.share`: share, public link, delete); a share gives its member view
 * or edit; a private document is seen only by those who manage it and those it is shared with.
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
    share: Pick<DocumentShareRow, 'access'> | undefined,
    author: OwnerRecord | null,
  ): DocumentCan | null {
    const manage = authz.allows(membership, 'document.share', recordWith(row, author));
    if (row.visibility === 'private' && !manage && !share) return null;
    const edit =
      manage ||
      share?.access === 'edit' ||
      (row.visibility === 'project' && authz.allows(membership, 'document.edit'));
    return { edit, share: manage, delete: manage };
  }

  async function of(actor: Actor, row: Row, shares?: DocumentShareRow[]): Promise<DocumentAccessOf> {
    const membership = await authz.authorize(actor, 'document.view', {
      projectIdx: row.projectIdx,
      missing: 'DOCUMENT_NOT_FOUND',
    });
    const share = (shares ?? (await repo.sharesOf(row.documentIdx))).find(
      (s) => s.memberIdx === actor.memberIdx,
    );
    const can = decideFor(membership, row, share, await repo.authorRecord(row.projectIdx, row.createdByIdx));
    if (!can) throw new AppError('DOCUMENT_NOT_FOUND');
    return { membership, share, can };
  }

  /**
   * What the caller may do with each listed document of one project, from two queries for the whole
   * list (the caller's shares, the authors' records) instead of three per document.
   */
  async function ofList(
    actor: Actor,
    membership: MembershipRow,
    rows: Row[],
  ): Promise<(DocumentCan | null)[]> {
    if (rows.length === 0) return [];
    const projectIdx = rows[0]!.projectIdx;
    const shares = await repo.sharesOfMember(
      actor.memberIdx,
      rows.map((r) => r.documentIdx),
    );
    const authors = await repo.authorRecords(projectIdx, [...new Set(rows.map((r) => r.createdByIdx))]);
    return rows.map((row) =>
      decideFor(membership, row, shares.get(row.documentIdx), authors.get(row.createdByIdx) ?? null),
    );
  }

  return {
    of,
    ofList,
    /** Refuses unless the caller may write it, with the table's own code where the table decides. */
    async toEdit(actor: Actor, row: Row): Promise<DocumentAccessOf> {
      const access = await of(actor, row);
      if (access.can.edit) return access;
      if (row.visibility === 'project' && !access.share) authz.decide(access.membership, 'document.edit');
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

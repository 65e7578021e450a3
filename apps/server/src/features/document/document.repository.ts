import { and, asc, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  documentPublicLinks,
  documentShares,
  documents,
  documentVersions,
  files,
  folderShares,
  folders,
  membersInProject,
  documentColumns,
} from '../../db/schema/index.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RowOf } from '../../db/schema/columns.js';
import type { Db } from '../../infra/db.js';
import type { EditorNode } from '@teamline/contract';

export type FolderRow = typeof folders.$inferSelect;
export type DocumentRow = RowOf<typeof documents>;
export type DocumentVersionRow = typeof documentVersions.$inferSelect;
export type DocumentShareRow = typeof documentShares.$inferSelect;
export type FolderShareRow = typeof folderShares.$inferSelect;
/** What shares of folders give one member: the strongest access per folder, inherited downwards. */
export type FolderAccessMap = Map<number, DocumentShareRow['access']>;
export type DocumentListRow = Omit<DocumentRow, 'content' | 'ydoc'> & {
  fileName: string | null;
  mime: string | null;
  size: number | null;
};

/** Who may see a private document in a listing: its author, members it is shared with, or all (admins). */
export interface ListViewer {
  memberIdx: number;
  seesPrivate: boolean;
  /** Folders shared with the viewer (directly or above): their private documents are listed too. */
  sharedFolderIdxs: number[];
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The two share tables: a document's and a folder's (share id, what is shared, member, access). */
type ShareTable = typeof documentShares | typeof folderShares;

/**
 * What both share tables answer alike: share again (one share per shared thing and member, a new
 * access replaces the old), find a share by its id, delete it. `shared` is the table's column of what
 * is shared (`documentIdx`, `folderIdx`).
 */
function shareQueries<T extends ShareTable>(db: Db, table: T, shared: AnyPgColumn) {
  type Row = T['$inferSelect'];
  // Queried as either table (drizzle does not follow a generic table); the rows are typed back as T's.
  const t: ShareTable = table;
  return {
    upsert: async (row: T['$inferInsert']): Promise<Row> => {
      const [saved] = await db
        .insert(t)
        .values(row as typeof documentShares.$inferInsert & typeof folderShares.$inferInsert)
        .onConflictDoUpdate({ target: [shared, t.memberIdx], set: { access: row.access } })
        .returning();
      return saved as Row;
    },
    find: async (shareIdx: number): Promise<Row | null> => {
      const [row] = await db.select().from(t).where(eq(t.shareIdx, shareIdx));
      return (row as Row | undefined) ?? null;
    },
    delete: async (shareIdx: number): Promise<void> => {
      await db.delete(t).where(eq(t.shareIdx, shareIdx));
    },
  };
}

export function createDocumentRepository(db: Db) {
  const docShares = shareQueries(db, documentShares, documentShares.documentIdx);
  const folderShareQueries = shareQueries(db, folderShares, folderShares.folderIdx);
  const listColumns = {
    documentIdx: documents.documentIdx,
    projectIdx: documents.projectIdx,
    folderIdx: documents.folderIdx,
    title: documents.title,
    kind: documents.kind,
    fileIdx: documents.fileIdx,
    aiType: documents.aiType,
    visibility: documents.visibility,
    text: documents.text,
    version: documents.version,
    createdByIdx: documents.createdByIdx,
    createdAt: documents.createdAt,
    updatedByIdx: documents.updatedByIdx,
    updatedAt: documents.updatedAt,
    deletedAt: documents.deletedAt,
    fileName: files.originalName,
    mime: files.mime,
    size: files.size,
  };

  /** The latest record in the project of each of these members, by member. */
  async function authorRecords(projectIdx: number, memberIdxs: number[]) {
    const byMember = new Map<number, { memberInProjectIdx: number; depth1Idx: number | null }>();
    if (memberIdxs.length === 0) return byMember;
    const rows = await db
      .select({
        memberIdx: membersInProject.memberIdx,
        memberInProjectIdx: membersInProject.memberInProjectIdx,
        depth1Idx: membersInProject.depth1Idx,
      })
      .from(membersInProject)
      .where(
        and(eq(membersInProject.projectIdx, projectIdx), inArray(membersInProject.memberIdx, memberIdxs)),
      )
      .orderBy(asc(membersInProject.memberInProjectIdx));
    for (const { memberIdx, ...record } of rows) byMember.set(memberIdx, record);
    return byMember;
  }

  return {
    // Folders
    async foldersOf(projectIdx: number): Promise<FolderRow[]> {
      return db
        .select()
        .from(folders)
        .where(and(eq(folders.projectIdx, projectIdx), isNull(folders.deletedAt)))
        .orderBy(asc(folders.name), asc(folders.folderIdx));
    },
    async findFolder(folderIdx: number): Promise<FolderRow | null> {
      const [row] = await db.select().from(folders).where(eq(folders.folderIdx, folderIdx));
      return row ?? null;
    },
    async insertFolder(row: typeof folders.$inferInsert): Promise<FolderRow> {
      const [created] = await db.insert(folders).values(row).returning();
      return created!;
    },
    async updateFolder(folderIdx: number, set: Partial<typeof folders.$inferInsert>): Promise<FolderRow> {
      const [row] = await db.update(folders).set(set).where(eq(folders.folderIdx, folderIdx)).returning();
      return row!;
    },
    /** The folder and every folder below it (deleted ones too). */
    async subtreeOf(folderIdx: number): Promise<number[]> {
      const rows = (await db.execute<Record<string, unknown>>(sql`
        with recursive tree as (
          select folder_idx from folder where folder_idx = ${folderIdx}
          union all
          select f.folder_idx from folder f join tree on f.parent_idx = tree.folder_idx
        ) select folder_idx from tree`)) as { rows: { folder_idx: number }[] };
      return rows.rows.map((r) => Number(r.folder_idx));
    },
    /** Puts a folder, its subfolders and their documents in the bin (or takes out what went in with it). */
    async setFolderTreeDeleted(folderIdxs: number[], deletedAt: Date | null, before: Date | null) {
      const same = (column: typeof folders.deletedAt | typeof documents.deletedAt) =>
        before === null ? isNull(column) : eq(column, before);
      await db
        .update(folders)
        .set({ deletedAt })
        .where(and(inArray(folders.folderIdx, folderIdxs), same(folders.deletedAt)));
      await db
        .update(documents)
        .set({ deletedAt })
        .where(and(inArray(documents.folderIdx, folderIdxs), same(documents.deletedAt)));
    },

    /**
     * Removes for good what went into the bin before `before`, in one transaction. What still points
     * at a removed row is let go first: an AI job keeps its record without the document, and an
     * item restored out of a removed folder is already at the top level (set here too, to be sure).
     */
    async purgeBin(before: Date): Promise<{ documents: number; folders: number }> {
      return db.transaction(async (tx) => {
        const oldFolders = sql`(select folder_idx from folder where deleted_at < ${before})`;
        await tx.execute(
          sql`update ai_job set document_idx = null where document_idx in (select document_idx from document where deleted_at < ${before})`,
        );
        const removedDocuments = await tx
          .delete(documents)
          .where(sql`${documents.deletedAt} < ${before}`)
          .returning({ documentIdx: documents.documentIdx });
        await tx.execute(sql`update document set folder_idx = null where folder_idx in ${oldFolders}`);
        await tx.execute(
          sql`update folder set parent_idx = null where parent_idx in ${oldFolders} and (deleted_at is null or deleted_at >= ${before})`,
        );
        const removedFolders = await tx
          .delete(folders)
          .where(sql`${folders.deletedAt} < ${before}`)
          .returning({ folderIdx: folders.folderIdx });
        return { documents: removedDocuments.length, folders: removedFolders.length };
      });
    },

    // Documents
    async list(
      projectIdx: number,
      viewer: ListViewer,
      filter: { folderIdx?: number; q?: string },
    ): Promise<DocumentListRow[]> {
      const where: (SQL | undefined)[] = [eq(documents.projectIdx, projectIdx), isNull(documents.deletedAt)];
      if (filter.folderIdx === 0) where.push(isNull(documents.folderIdx));
      else if (filter.folderIdx !== undefined) where.push(eq(documents.folderIdx, filter.folderIdx));
      if (filter.q) {
        const like = `%${escapeLike(filter.q)}%`;
        where.push(or(ilike(documents.title, like), ilike(documents.text, like)));
      }
      if (!viewer.seesPrivate)
        where.push(
          or(
            eq(documents.visibility, 'project'),
            eq(documents.createdByIdx, viewer.memberIdx),
            sql`exists (select 1 from ${documentShares} s where s.document_idx = ${documents.documentIdx} and s.member_idx = ${viewer.memberIdx})`,
            viewer.sharedFolderIdxs.length
              ? inArray(documents.folderIdx, viewer.sharedFolderIdxs)
              : undefined,
          ),
        );
      return db
        .select(listColumns)
        .from(documents)
        .leftJoin(files, eq(files.fileIdx, documents.fileIdx))
        .where(and(...where))
        .orderBy(desc(documents.updatedAt), desc(documents.documentIdx))
        .limit(500);
    },
    async find(
      documentIdx: number,
    ): Promise<(DocumentRow & Pick<DocumentListRow, 'fileName' | 'mime' | 'size'>) | null> {
      const [row] = await db
        .select({ d: documentColumns, fileName: files.originalName, mime: files.mime, size: files.size })
        .from(documents)
        .leftJoin(files, eq(files.fileIdx, documents.fileIdx))
        .where(eq(documents.documentIdx, documentIdx));
      return row ? { ...row.d, fileName: row.fileName, mime: row.mime, size: row.size } : null;
    },
    /** What access is decided on, without the content (a live connection asks this first). */
    async findHead(documentIdx: number) {
      const [row] = await db
        .select({
          documentIdx: documents.documentIdx,
          projectIdx: documents.projectIdx,
          folderIdx: documents.folderIdx,
          createdByIdx: documents.createdByIdx,
          visibility: documents.visibility,
          kind: documents.kind,
          deletedAt: documents.deletedAt,
        })
        .from(documents)
        .where(eq(documents.documentIdx, documentIdx));
      return row ?? null;
    },
    /** The live state (or, before any, the editor JSON) and the version it belongs to. */
    async findCollabState(documentIdx: number) {
      const [row] = await db
        .select({
          ydoc: documents.ydoc,
          version: documents.version,
          deletedAt: documents.deletedAt,
          // The JSON only when there is no live state yet: it is big, and unused otherwise.
          content: sql<EditorNode | null>`case when ${documents.ydoc} is null then ${documents.content} end`,
        })
        .from(documents)
        .where(eq(documents.documentIdx, documentIdx));
      return row ?? null;
    },
    async insert(row: typeof documents.$inferInsert): Promise<DocumentRow> {
      const [created] = await db.insert(documents).values(row).returning(documentColumns);
      return created!;
    },
    /** Saves when the stored version is still `baseVersion` (or always without one); null: someone saved first. */
    async save(
      documentIdx: number,
      set: Partial<typeof documents.$inferInsert>,
      baseVersion?: number,
    ): Promise<DocumentRow | null> {
      const [row] = await db
        .update(documents)
        .set({ ...set, version: sql`${documents.version} + 1` })
        .where(
          and(
            eq(documents.documentIdx, documentIdx),
            baseVersion === undefined ? undefined : eq(documents.version, baseVersion),
          ),
        )
        .returning(documentColumns);
      return row ?? null;
    },
    /** Stores the first live state unless one is there already (or the document changed); whether it did. */
    async seedYdoc(documentIdx: number, version: number, ydoc: string): Promise<boolean> {
      const rows = await db
        .update(documents)
        .set({ ydoc })
        .where(
          and(eq(documents.documentIdx, documentIdx), eq(documents.version, version), isNull(documents.ydoc)),
        )
        .returning({ documentIdx: documents.documentIdx });
      return rows.length > 0;
    },
    /**
     * The content rewritten in place (no new version, same author and time) while the document is
     * still at `version`; whether it was. The rules' clean-up of documents stored before them.
     */
    async replaceContentAt(
      documentIdx: number,
      version: number,
      set: { content: EditorNode; text: string; ydoc: string | null },
      /** Also only while the live state is still this one (the clean-up job, beside live sessions). */
      ydocWas?: string | null,
    ): Promise<boolean> {
      const rows = await db
        .update(documents)
        .set(set)
        .where(
          and(
            eq(documents.documentIdx, documentIdx),
            eq(documents.version, version),
            ydocWas === undefined
              ? undefined
              : ydocWas === null
                ? isNull(documents.ydoc)
                : eq(documents.ydoc, ydocWas),
          ),
        )
        .returning({ documentIdx: documents.documentIdx });
      return rows.length > 0;
    },
    /** Stored documents after `documentIdx`, in id order, with what the content rules look at. */
    async contentAfter(documentIdx: number, limit: number) {
      return db
        .select({
          documentIdx: documents.documentIdx,
          version: documents.version,
          content: documents.content,
          ydoc: documents.ydoc,
        })
        .from(documents)
        .where(gt(documents.documentIdx, documentIdx))
        .orderBy(asc(documents.documentIdx))
        .limit(limit);
    },
    /** Saved versions after `documentVersionIdx`, in id order. */
    async versionContentAfter(documentVersionIdx: number, limit: number) {
      return db
        .select({
          documentVersionIdx: documentVersions.documentVersionIdx,
          content: documentVersions.content,
        })
        .from(documentVersions)
        .where(gt(documentVersions.documentVersionIdx, documentVersionIdx))
        .orderBy(asc(documentVersions.documentVersionIdx))
        .limit(limit);
    },
    async setVersionContent(documentVersionIdx: number, content: EditorNode, text: string) {
      await db
        .update(documentVersions)
        .set({ content, text })
        .where(eq(documentVersions.documentVersionIdx, documentVersionIdx));
    },
    async setYdoc(documentIdx: number, ydoc: string) {
      await db.update(documents).set({ ydoc }).where(eq(documents.documentIdx, documentIdx));
    },
    async setDeleted(documentIdx: number, deletedAt: Date | null) {
      await db.update(documents).set({ deletedAt }).where(eq(documents.documentIdx, documentIdx));
    },
    /** The author's record in the project (for the record rule: their depth1 lead acts for them). */
    async authorRecord(projectIdx: number, memberIdx: number) {
      return (await authorRecords(projectIdx, [memberIdx])).get(memberIdx) ?? null;
    },
    authorRecords,

    // Versions
    async latestVersion(documentIdx: number): Promise<DocumentVersionRow | null> {
      const [row] = await db
        .select()
        .from(documentVersions)
        .where(eq(documentVersions.documentIdx, documentIdx))
        .orderBy(desc(documentVersions.versionNo))
        .limit(1);
      return row ?? null;
    },
    async insertVersion(row: typeof documentVersions.$inferInsert) {
      await db.insert(documentVersions).values(row);
    },
    async updateVersion(documentVersionIdx: number, set: Partial<typeof documentVersions.$inferInsert>) {
      await db
        .update(documentVersions)
        .set(set)
        .where(eq(documentVersions.documentVersionIdx, documentVersionIdx));
    },
    async versionsOf(documentIdx: number) {
      return db
        .select({
          versionNo: documentVersions.versionNo,
          title: documentVersions.title,
          savedByIdx: documentVersions.savedByIdx,
          savedAt: documentVersions.savedAt,
        })
        .from(documentVersions)
        .where(eq(documentVersions.documentIdx, documentIdx))
        .orderBy(desc(documentVersions.versionNo))
        .limit(200);
    },
    async findVersion(documentIdx: number, versionNo: number): Promise<DocumentVersionRow | null> {
      const [row] = await db
        .select()
        .from(documentVersions)
        .where(and(eq(documentVersions.documentIdx, documentIdx), eq(documentVersions.versionNo, versionNo)));
      return row ?? null;
    },

    // Shares
    async sharesOf(documentIdx: number): Promise<DocumentShareRow[]> {
      return db
        .select()
        .from(documentShares)
        .where(eq(documentShares.documentIdx, documentIdx))
        .orderBy(asc(documentShares.shareIdx));
    },
    upsertShare: docShares.upsert,
    /** One member's shares among these documents, by document. */
    async sharesOfMember(memberIdx: number, documentIdxs: number[]) {
      const rows =
        documentIdxs.length === 0
          ? []
          : await db
              .select()
              .from(documentShares)
              .where(
                and(
                  eq(documentShares.memberIdx, memberIdx),
                  inArray(documentShares.documentIdx, documentIdxs),
                ),
              );
      return new Map(rows.map((r) => [r.documentIdx, r]));
    },
    findShare: docShares.find,
    deleteShare: docShares.delete,

    // Folder shares
    async folderSharesOf(folderIdxs: number[]): Promise<FolderShareRow[]> {
      if (folderIdxs.length === 0) return [];
      return db
        .select()
        .from(folderShares)
        .where(inArray(folderShares.folderIdx, folderIdxs))
        .orderBy(asc(folderShares.shareIdx));
    },
    upsertFolderShare: folderShareQueries.upsert,
    findFolderShare: folderShareQueries.find,
    deleteFolderShare: folderShareQueries.delete,
    /**
     * What folder shares give this member in the project: every folder at or below a shared one, with
     * the strongest access along the way (edit over view). One recursive query for the whole tree.
     */
    async folderAccessOf(projectIdx: number, memberIdx: number): Promise<FolderAccessMap> {
      const result = (await db.execute<Record<string, unknown>>(sql`
        with recursive below as (
          select fs.folder_idx, fs.access = 'edit' as edit
            from folder_share fs join folder f on f.folder_idx = fs.folder_idx
           where fs.member_idx = ${memberIdx} and f.project_idx = ${projectIdx}
          union all
          select f.folder_idx, below.edit from folder f join below on f.parent_idx = below.folder_idx
        ) select folder_idx, bool_or(edit) as edit from below group by folder_idx`)) as {
        rows: { folder_idx: number; edit: boolean }[];
      };
      return new Map(result.rows.map((r) => [Number(r.folder_idx), r.edit ? 'edit' : 'view']));
    },
    /** The documents in these folders (for closing their live sessions when a folder share changes). */
    async documentIdxsIn(folderIdxs: number[]): Promise<number[]> {
      if (folderIdxs.length === 0) return [];
      const rows = await db
        .select({ documentIdx: documents.documentIdx })
        .from(documents)
        .where(inArray(documents.folderIdx, folderIdxs));
      return rows.map((r) => r.documentIdx);
    },

    // Public links
    async setPublicLink(row: typeof documentPublicLinks.$inferInsert) {
      await db
        .insert(documentPublicLinks)
        .values(row)
        .onConflictDoUpdate({
          target: documentPublicLinks.documentIdx,
          set: { tokenHash: row.tokenHash, createdByIdx: row.createdByIdx, createdAt: row.createdAt },
        });
    },
    async hasPublicLink(documentIdx: number): Promise<boolean> {
      const [row] = await db
        .select({ documentIdx: documentPublicLinks.documentIdx })
        .from(documentPublicLinks)
        .where(eq(documentPublicLinks.documentIdx, documentIdx));
      return !!row;
    },
    async deletePublicLink(documentIdx: number) {
      await db.delete(documentPublicLinks).where(eq(documentPublicLinks.documentIdx, documentIdx));
    },
    async documentOfToken(tokenHash: string): Promise<DocumentRow | null> {
      const [row] = await db
        .select({ d: documentColumns })
        .from(documentPublicLinks)
        .innerJoin(documents, eq(documents.documentIdx, documentPublicLinks.documentIdx))
        .where(eq(documentPublicLinks.tokenHash, tokenHash));
      return row?.d ?? null;
    },
  };
}
export type DocumentRepository = ReturnType<typeof createDocumentRepository>;

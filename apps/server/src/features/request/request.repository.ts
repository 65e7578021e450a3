import type { RequestBox, RequestStatus } from '@teamline/contract';
import type { RequestFile } from '@teamline/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  files,
  members,
  membersInProject,
  requestComments,
  requestFiles,
  requests,
  requestColumns,
} from '../../db/schema/index.js';
import type { RowOf } from '../../db/schema/columns.js';
import type { Db } from '../../infra/db.js';

export type RequestRow = RowOf<typeof requests>;

/** The only code touching `request`, `request_comment` and `request_file`. */
export function createRequestRepository(db: Db) {
  return {
    async insert(row: typeof requests.$inferInsert): Promise<RequestRow> {
      const [created] = await db.insert(requests).values(row).returning(requestColumns);
      return created!;
    },
    async findById(requestIdx: number): Promise<RequestRow | null> {
      const [row] = await db.select(requestColumns).from(requests).where(eq(requests.requestIdx, requestIdx));
      return row ?? null;
    },
    /** The row locked for the rest of the transaction, so two moves of one request run one after the other. */
    async lockById(requestIdx: number): Promise<RequestRow | null> {
      const [row] = await db
        .select(requestColumns)
        .from(requests)
        .where(eq(requests.requestIdx, requestIdx))
        .for('update');
      return row ?? null;
    },
    /** One of the caller's boxes in a project, newest first. */
    async listBox(
      projectIdx: number,
      memberInProjectIdx: number,
      box: RequestBox,
      status: RequestStatus | undefined,
      limit: number,
    ): Promise<RequestRow[]> {
      const party = box === 'received' ? requests.receiverIdx : requests.senderIdx;
      return db
        .select(requestColumns)
        .from(requests)
        .where(
          and(
            eq(requests.projectIdx, projectIdx),
            eq(party, memberInProjectIdx),
            status ? eq(requests.status, status) : undefined,
          ),
        )
        .orderBy(desc(requests.requestIdx))
        .limit(limit);
    },
    async countUnread(projectIdx: number, receiverIdx: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(requests)
        .where(
          and(
            eq(requests.projectIdx, projectIdx),
            eq(requests.receiverIdx, receiverIdx),
            isNull(requests.readAt),
          ),
        );
      return row?.n ?? 0;
    },
    /** Sets the first read once; a later read keeps the first time. */
    async markRead(requestIdx: number, at: Date): Promise<RequestRow | null> {
      const [row] = await db
        .update(requests)
        .set({ readAt: at })
        .where(and(eq(requests.requestIdx, requestIdx), isNull(requests.readAt)))
        .returning(requestColumns);
      return row ?? null;
    },
    async update(requestIdx: number, set: Partial<typeof requests.$inferInsert>): Promise<RequestRow> {
      const [row] = await db
        .update(requests)
        .set(set)
        .where(eq(requests.requestIdx, requestIdx))
        .returning(requestColumns);
      return row!;
    },
    async delete(requestIdx: number) {
      await db.delete(requests).where(eq(requests.requestIdx, requestIdx));
    },

    // ---- files ----
    /** The attached files of each request, in the order last given; every asked id has an entry. */
    async filesOf(requestIdxs: number[]): Promise<Map<number, RequestFile[]>> {
      const byRequest = new Map<number, RequestFile[]>(requestIdxs.map((i) => [i, []]));
      if (requestIdxs.length === 0) return byRequest;
      const rows = await db
        .select({
          requestIdx: requestFiles.requestIdx,
          fileIdx: files.fileIdx,
          originalName: files.originalName,
          mime: files.mime,
          size: files.size,
        })
        .from(requestFiles)
        .innerJoin(files, eq(files.fileIdx, requestFiles.fileIdx))
        .where(inArray(requestFiles.requestIdx, requestIdxs))
        .orderBy(asc(requestFiles.requestFileIdx));
      for (const { requestIdx, ...file } of rows) byRequest.get(requestIdx)?.push(file);
      return byRequest;
    },
    /** Makes these (distinct ids) the request's files, in this order; the files themselves stay. */
    async replaceFiles(requestIdx: number, fileIdxs: number[]) {
      await db.delete(requestFiles).where(eq(requestFiles.requestIdx, requestIdx));
      if (fileIdxs.length > 0)
        await db.insert(requestFiles).values(fileIdxs.map((fileIdx) => ({ requestIdx, fileIdx })));
    },

    // ---- comments ----
    async comments(requestIdx: number) {
      return db
        .select({
          commentIdx: requestComments.commentIdx,
          requestIdx: requestComments.requestIdx,
          memberInProjectIdx: requestComments.memberInProjectIdx,
          nickname: members.nickname,
          content: requestComments.content,
          createdAt: requestComments.createdAt,
        })
        .from(requestComments)
        .innerJoin(
          membersInProject,
          eq(membersInProject.memberInProjectIdx, requestComments.memberInProjectIdx),
        )
        .innerJoin(members, eq(members.memberIdx, membersInProject.memberIdx))
        .where(eq(requestComments.requestIdx, requestIdx))
        .orderBy(asc(requestComments.commentIdx));
    },
    async insertComment(row: typeof requestComments.$inferInsert) {
      const [created] = await db.insert(requestComments).values(row).returning();
      return created!;
    },
  };
}
export type RequestRepository = ReturnType<typeof createRequestRepository>;

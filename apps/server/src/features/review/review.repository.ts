import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { files, members, membersInProject, projects, reviewMedias, reviews } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';
import { inTransaction } from '../../shared/transaction.js';
import { createFileAttachments, type DeletedFile } from '../account-store/file-attachment.repository.js';

export type ReviewRow = typeof reviews.$inferSelect;

/** A project the caller and the reviewed member share, newest project first. */
export interface SharedProject {
  projectIdx: number;
  /** The caller's record there. */
  memberInProjectIdx: number;
}

export function createReviewRepository(db: Db) {
  return {
    /**
     * Live projects where `viewerIdx` is an active member and `memberIdx` has a record — active, or
     * also removed when `includeRemoved` (one reviews a colleague who has since left) — newest first.
     */
    async sharedProjects(
      viewerIdx: number,
      memberIdx: number,
      { includeRemoved }: { includeRemoved: boolean },
    ): Promise<SharedProject[]> {
      const viewer = alias(membersInProject, 'viewer');
      const other = alias(membersInProject, 'other');
      return db
        .select({ projectIdx: projects.projectIdx, memberInProjectIdx: viewer.memberInProjectIdx })
        .from(projects)
        .innerJoin(
          viewer,
          and(
            eq(viewer.projectIdx, projects.projectIdx),
            eq(viewer.memberIdx, viewerIdx),
            isNull(viewer.removedAt),
          ),
        )
        .innerJoin(
          other,
          and(
            eq(other.projectIdx, projects.projectIdx),
            eq(other.memberIdx, memberIdx),
            includeRemoved ? undefined : isNull(other.removedAt),
          ),
        )
        .innerJoin(members, and(eq(members.memberIdx, memberIdx), isNull(members.deletedAt)))
        .where(isNull(projects.deletedAt))
        .orderBy(desc(projects.createdAt), desc(projects.projectIdx));
    },

    /** The projects (of `projectIdxs`) where the reviewer already reviewed the member. */
    async reviewedProjects(reviewerIdx: number, memberIdx: number): Promise<number[]> {
      const rows = await db
        .select({ projectIdx: reviews.projectIdx })
        .from(reviews)
        .where(and(eq(reviews.reviewerIdx, reviewerIdx), eq(reviews.memberIdx, memberIdx)));
      return rows.map((r) => r.projectIdx);
    },

    async findById(reviewIdx: number): Promise<ReviewRow | null> {
      const [row] = await db.select().from(reviews).where(eq(reviews.reviewIdx, reviewIdx));
      return row ?? null;
    },

    /** The member's reviews, newest first, with their authors, projects and images. */
    async listOfMember(memberIdx: number) {
      const rows = await db
        .select({
          review: reviews,
          projectName: projects.name,
          reviewer: {
            memberIdx: members.memberIdx,
            nickname: members.nickname,
            colorCode: members.colorCode,
            profileFileIdx: members.profileFileIdx,
          },
        })
        .from(reviews)
        .innerJoin(projects, eq(projects.projectIdx, reviews.projectIdx))
        .innerJoin(members, eq(members.memberIdx, reviews.reviewerIdx))
        .where(eq(reviews.memberIdx, memberIdx))
        .orderBy(desc(reviews.createdAt), desc(reviews.reviewIdx));
      const medias = await this.mediasOf(rows.map((r) => r.review.reviewIdx));
      return rows.map((r) => ({ ...r, medias: medias.get(r.review.reviewIdx) ?? [] }));
    },

    async mediasOf(reviewIdxs: number[]): Promise<Map<number, number[]>> {
      const byReview = new Map<number, number[]>();
      if (reviewIdxs.length === 0) return byReview;
      const rows = await db
        .select()
        .from(reviewMedias)
        .where(inArray(reviewMedias.reviewIdx, reviewIdxs))
        .orderBy(asc(reviewMedias.reviewIdx), asc(reviewMedias.position));
      for (const row of rows)
        byReview.set(row.reviewIdx, [...(byReview.get(row.reviewIdx) ?? []), row.fileIdx]);
      return byReview;
    },

    /** The files named as images, with the review each is already on (if any). */
    async mediaCandidates(fileIdxs: number[]) {
      if (fileIdxs.length === 0) return [];
      return db
        .select({
          fileIdx: files.fileIdx,
          uploaderIdx: files.uploaderIdx,
          projectIdx: files.projectIdx,
          mime: files.mime,
          reviewIdx: reviewMedias.reviewIdx,
        })
        .from(files)
        .leftJoin(reviewMedias, eq(reviewMedias.fileIdx, files.fileIdx))
        .where(and(inArray(files.fileIdx, fileIdxs), isNull(files.deletedAt)));
    },

    /** The member a review image is about (null: the file is on no review). */
    async memberOfMedia(fileIdx: number): Promise<number | null> {
      const [row] = await db
        .select({ memberIdx: reviews.memberIdx })
        .from(reviewMedias)
        .innerJoin(reviews, eq(reviews.reviewIdx, reviewMedias.reviewIdx))
        .where(eq(reviewMedias.fileIdx, fileIdx));
      return row?.memberIdx ?? null;
    },

    /**
     * Inserts the review and its images: null when the reviewer already reviewed the member for that
     * project, `mediaGone` when an image was deleted meanwhile (nothing is written then). The images
     * are locked against deletion until the commit (`lockLive`).
     */
    async insert(
      row: typeof reviews.$inferInsert,
      medias: number[],
    ): Promise<ReviewRow | null | 'mediaGone'> {
      return inTransaction(db, async (tx) => {
        if ((await createFileAttachments(tx).lockLive(medias)).length !== medias.length) return 'mediaGone';
        const [created] = await tx
          .insert(reviews)
          .values(row)
          .onConflictDoNothing({ target: [reviews.reviewerIdx, reviews.memberIdx, reviews.projectIdx] })
          .returning();
        if (!created) return null;
        if (medias.length > 0)
          await tx
            .insert(reviewMedias)
            .values(medias.map((fileIdx, position) => ({ reviewIdx: created.reviewIdx, fileIdx, position })));
        return created;
      });
    },

    /**
     * Updates the review; `medias` (when given) replaces its images. Images it no longer shows are
     * released in the same transaction (marked deleted: their bytes go after the commit, see
     * `file-deletion.ts`) and returned; `mediaGone` when a new image was deleted meanwhile.
     */
    async update(
      reviewIdx: number,
      patch: { ratingHalves?: number; content?: string },
      medias: number[] | undefined,
      now: Date,
    ): Promise<DeletedFile[] | 'mediaGone'> {
      return inTransaction(db, async (tx) => {
        const attachments = createFileAttachments(tx);
        let dropped: number[] = [];
        if (medias) {
          if ((await attachments.lockLive(medias)).length !== medias.length) return 'mediaGone';
          const before = await tx
            .select({ fileIdx: reviewMedias.fileIdx })
            .from(reviewMedias)
            .where(eq(reviewMedias.reviewIdx, reviewIdx));
          dropped = before.map((r) => r.fileIdx).filter((fileIdx) => !medias.includes(fileIdx));
          await tx.delete(reviewMedias).where(eq(reviewMedias.reviewIdx, reviewIdx));
          if (medias.length > 0)
            await tx
              .insert(reviewMedias)
              .values(medias.map((fileIdx, position) => ({ reviewIdx, fileIdx, position })));
        }
        await tx
          .update(reviews)
          .set({ ...patch, updatedAt: now })
          .where(eq(reviews.reviewIdx, reviewIdx));
        return attachments.release(dropped, 'detached', now);
      });
    },

    /** Deletes the review; its images are released with it (returned, for deletion after the commit). */
    async remove(reviewIdx: number, now: Date): Promise<DeletedFile[]> {
      return inTransaction(db, async (tx) => {
        const images = await tx
          .select({ fileIdx: reviewMedias.fileIdx })
          .from(reviewMedias)
          .where(eq(reviewMedias.reviewIdx, reviewIdx));
        await tx.delete(reviews).where(eq(reviews.reviewIdx, reviewIdx));
        return createFileAttachments(tx).release(
          images.map((r) => r.fileIdx),
          'detached',
          now,
        );
      });
    },

    /** Mean of the member's ratings (in stars), or null. */
    async average(memberIdx: number): Promise<number | null> {
      const [row] = await db
        .select({ avg: sql<string | null>`avg(${reviews.ratingHalves})` })
        .from(reviews)
        .where(eq(reviews.memberIdx, memberIdx));
      return row?.avg == null ? null : Number(row.avg) / 2;
    },
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;

import type { Readable } from 'node:stream';
import {
  reviewRecord,
  type CreateReviewInput,
  type ReviewItem,
  type ReviewList,
  type UpdateReviewInput,
} from '@teamline/contract';
import type { Authorization } from '../../platform/authorization/authorization.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { FileService } from '../file/file.service.js';
import { imageTypes } from '../file/file.service.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { ReviewRepository, ReviewRow, SharedProject } from './review.repository.js';

type Listed = Awaited<ReturnType<ReviewRepository['listOfMember']>>[number];

/**
 * Reviews between members (docs/decisions.md "Reviews"). Nothing here is inside one project, so
 * each decision is taken in a project the two share: reading in any live project where both are
 * active, writing in the project the review is for (named, or the newest shared one the caller has
 * not reviewed the member for yet), and a review's changes by its author alone (`reviewRecord`).
 */
export function createReviewService(
  ctx: AppContext,
  repo: ReviewRepository,
  authz: Authorization<MembershipRow>,
  file: FileService,
) {
  /** Throws unless the caller may read the member's reviews: themselves, or a project mate. */
  async function authorizeView(actor: Actor, memberIdx: number): Promise<void> {
    if (actor.memberIdx === memberIdx) return;
    const [shared] = await repo.sharedProjects(actor.memberIdx, memberIdx, { includeRemoved: false });
    if (!shared) throw new AppError('MEMBER_NOT_FOUND');
    await authz.authorize(actor, 'review.view', {
      projectIdx: shared.projectIdx,
      missing: 'MEMBER_NOT_FOUND',
    });
  }

  /** Projects the caller may review the member for (the member may have left them since). */
  async function reviewable(actor: Actor, memberIdx: number): Promise<SharedProject[]> {
    if (actor.memberIdx === memberIdx) throw new AppError('REVIEW_OWN');
    return repo.sharedProjects(actor.memberIdx, memberIdx, { includeRemoved: true });
  }

  /** The images must be raster images the caller uploaded, outside any project, on no other review. */
  async function checkMedias(actor: Actor, fileIdxs: readonly number[], reviewIdx: number | null) {
    const unique = [...new Set(fileIdxs)];
    const rows = await repo.mediaCandidates(unique);
    const ok = unique.every((fileIdx) => {
      const row = rows.find((r) => r.fileIdx === fileIdx);
      return (
        row &&
        row.uploaderIdx === actor.memberIdx &&
        row.projectIdx == null &&
        imageTypes.has(row.mime) &&
        (row.reviewIdx == null || row.reviewIdx === reviewIdx)
      );
    });
    if (!ok) throw new AppError('REVIEW_MEDIA_INVALID');
    return unique;
  }

  /** The author's record decides; a stranger to the review's project gets REVIEW_NOT_FOUND. */
  const authorizeOwn = (actor: Actor, action: 'review.update' | 'review.delete', row: ReviewRow) =>
    authz.authorize(actor, action, { ...reviewRecord(row), missing: 'REVIEW_NOT_FOUND' });

  async function requireRow(reviewIdx: number): Promise<ReviewRow> {
    const row = await repo.findById(reviewIdx);
    if (!row) throw new AppError('REVIEW_NOT_FOUND');
    return row;
  }

  function toItem(r: Listed, mine: { edit: boolean; delete: boolean }): ReviewItem {
    return {
      reviewIdx: r.review.reviewIdx,
      memberIdx: r.review.memberIdx,
      projectIdx: r.review.projectIdx,
      projectName: r.projectName,
      reviewer: r.reviewer,
      rating: r.review.ratingHalves / 2,
      content: r.review.content,
      medias: r.medias.map((fileIdx) => ({ fileIdx })),
      createdAt: r.review.createdAt.toISOString(),
      updatedAt: r.review.updatedAt.toISOString(),
      can: mine,
    };
  }

  /** What the caller may do with each of their own reviews (by the table, in the review's project). */
  async function canOf(actor: Actor, row: ReviewRow) {
    if (row.reviewerIdx !== actor.memberIdx) return { edit: false, delete: false };
    const check = async (action: 'review.update' | 'review.delete') =>
      authorizeOwn(actor, action, row).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError) return false;
          throw error;
        },
      );
    return { edit: await check('review.update'), delete: await check('review.delete') };
  }

  async function itemOf(actor: Actor, reviewIdx: number): Promise<ReviewItem> {
    const row = await requireRow(reviewIdx);
    const listed = (await repo.listOfMember(row.memberIdx)).find((r) => r.review.reviewIdx === reviewIdx);
    if (!listed) throw new AppError('REVIEW_NOT_FOUND');
    return toItem(listed, await canOf(actor, row));
  }

  return {
    async list(actor: Actor, memberIdx: number): Promise<ReviewList> {
      await authorizeView(actor, memberIdx);
      const rows = await repo.listOfMember(memberIdx);
      const items = await Promise.all(rows.map(async (r) => toItem(r, await canOf(actor, r.review))));
      const average = rows.length
        ? Math.round((rows.reduce((sum, r) => sum + r.review.ratingHalves, 0) / rows.length / 2) * 10) / 10
        : null;
      let canReview = false;
      if (actor.memberIdx !== memberIdx) {
        const shared = await reviewable(actor, memberIdx);
        const done = new Set(await repo.reviewedProjects(actor.memberIdx, memberIdx));
        canReview = shared.some((p) => !done.has(p.projectIdx));
      }
      return { memberIdx, reviews: items, count: items.length, average, canReview };
    },

    async create(actor: Actor, input: CreateReviewInput) {
      const shared = await reviewable(actor, input.memberIdx);
      let projectIdx = input.projectIdx;
      if (projectIdx == null) {
        // The newest shared project the caller has not reviewed the member for yet, else the newest.
        const done = new Set(await repo.reviewedProjects(actor.memberIdx, input.memberIdx));
        projectIdx = (shared.find((p) => !done.has(p.projectIdx)) ?? shared[0])?.projectIdx;
        if (projectIdx == null) throw new AppError('REVIEW_NOT_SHARED');
      }
      const membership = await authz.authorize(actor, 'review.create', projectIdx);
      if (!shared.some((p) => p.projectIdx === projectIdx)) throw new AppError('REVIEW_NOT_SHARED');
      const medias = await checkMedias(actor, input.medias, null);
      const created = await repo.insert(
        {
          reviewerIdx: actor.memberIdx,
          reviewerMemberInProjectIdx: membership.memberInProjectIdx,
          memberIdx: input.memberIdx,
          projectIdx,
          ratingHalves: Math.round(input.rating * 2),
          content: input.content,
        },
        medias,
      );
      if (created === 'mediaGone') throw new AppError('REVIEW_MEDIA_INVALID');
      if (!created) throw new AppError('REVIEW_ALREADY_EXISTS');
      return itemOf(actor, created.reviewIdx);
    },

    async update(actor: Actor, reviewIdx: number, input: UpdateReviewInput) {
      const row = await requireRow(reviewIdx);
      await authorizeOwn(actor, 'review.update', row);
      const medias = input.medias ? await checkMedias(actor, input.medias, reviewIdx) : undefined;
      const released = await repo.update(
        reviewIdx,
        {
          ...(input.rating != null ? { ratingHalves: Math.round(input.rating * 2) } : {}),
          ...(input.content != null ? { content: input.content } : {}),
        },
        medias,
        ctx.clock.now(),
      );
      if (released === 'mediaGone') throw new AppError('REVIEW_MEDIA_INVALID');
      // Images taken off the review are deleted (after the commit): they were uploaded for it alone.
      await file.finishDeletions(released);
      return itemOf(actor, reviewIdx);
    },

    async remove(actor: Actor, reviewIdx: number) {
      const row = await requireRow(reviewIdx);
      await authorizeOwn(actor, 'review.delete', row);
      await file.finishDeletions(await repo.remove(reviewIdx, ctx.clock.now()));
      return { reviewIdx };
    },

    /**
     * `POST /file/{memberIdx}/media`: an image for a review of that member, by someone who may
     * review them; stored as the caller's own file (their quota), raster images only by content.
     */
    async uploadMedia(
      actor: Actor,
      memberIdx: number,
      input: { stream: Readable; isTruncated: () => boolean; fileName: string },
    ) {
      try {
        const [shared] = await reviewable(actor, memberIdx);
        if (!shared) throw new AppError('REVIEW_NOT_SHARED');
        await authz.authorize(actor, 'review.create', {
          projectIdx: shared.projectIdx,
          missing: 'REVIEW_NOT_SHARED',
        });
      } catch (error) {
        input.stream.resume();
        throw error;
      }
      return file.upload(actor, { ...input, projectIdx: null, imagesOnly: true });
    },

    /**
     * `GET /file/url`: a signed address for a file the caller may read — by the file rule, or as an
     * image of reviews the caller may read. Anyone else gets FILE_NOT_FOUND, as for a missing id.
     */
    async fileUrl(actor: Actor, fileIdx: number) {
      if (!(await file.mayRead(actor, fileIdx))) {
        const memberIdx = await repo.memberOfMedia(fileIdx);
        const visible =
          memberIdx != null &&
          (await authorizeView(actor, memberIdx).then(
            () => true,
            (error: unknown) => {
              if (error instanceof AppError) return false;
              throw error;
            },
          ));
        if (!visible) throw new AppError('FILE_NOT_FOUND');
      }
      return file.signedUrl(fileIdx);
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;

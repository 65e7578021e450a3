import { z } from 'zod';
import { idx, multiLine, unixSecondsText } from './common.js';
import { rating } from './planning.js';

/** docs/product/recruitment-and-reviews.md#review-images: at most 3 images on a review. */
export const REVIEW_MAX_MEDIAS = 3;
/** docs/product/recruitment-and-reviews.md#reviews: the API's rating when a request omits it (the form asks for a choice). */
export const REVIEW_DEFAULT_RATING = 1;
export const REVIEW_CONTENT_MAX = 1000;
/** docs/product/recruitment-and-reviews.md#review-images image resize applied to review images before upload (longer side, JPEG quality in percent). */
export const REVIEW_IMAGE_MAX_SIDE = 1600;
export const REVIEW_IMAGE_QUALITY = 85;

/**
 * `POST /review-member` (docs/product/recruitment-and-reviews.md#reviews: memberIdx, content, rating, medias). The
 * project the review is for is `projectIdx` when given, else the newest project the two share.
 */
export const createReviewRequest = z.object({
  memberIdx: idx,
  projectIdx: idx.optional(),
  content: multiLine().max(REVIEW_CONTENT_MAX, 'invalid').default(''),
  rating: rating.default(REVIEW_DEFAULT_RATING),
  medias: z.array(idx).max(REVIEW_MAX_MEDIAS, 'invalid').default([]),
});
export type CreateReviewRequest = z.input<typeof createReviewRequest>;
export type CreateReviewInput = z.output<typeof createReviewRequest>;

/** `PATCH /review-member/{reviewIdx}`: what is given is replaced (`medias`: the whole set). */
export const updateReviewRequest = z.object({
  content: multiLine().max(REVIEW_CONTENT_MAX, 'invalid').optional(),
  rating: rating.optional(),
  medias: z.array(idx).max(REVIEW_MAX_MEDIAS, 'invalid').optional(),
});
export type UpdateReviewRequest = z.input<typeof updateReviewRequest>;
export type UpdateReviewInput = z.output<typeof updateReviewRequest>;

export const reviewIdxParams = z.object({ reviewIdx: idx });
export const reviewOfMemberQuery = z.object({ memberIdx: idx });
export const fileMediaParams = z.object({ id: idx });

export const reviewItem = z.object({
  reviewIdx: z.number().int(),
  memberIdx: z.number().int(),
  projectIdx: z.number().int(),
  projectName: z.string(),
  reviewer: z.object({
    memberIdx: z.number().int(),
    nickname: z.string(),
    colorCode: z.string(),
    profileFileIdx: z.number().int().nullable(),
  }),
  rating: z.number(),
  content: z.string(),
  medias: z.array(z.object({ fileIdx: z.number().int() })),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the caller may edit and delete it (its author alone). */
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type ReviewItem = z.infer<typeof reviewItem>;

export const reviewList = z.object({
  memberIdx: z.number().int(),
  reviews: z.array(reviewItem),
  count: z.number().int(),
  /** Mean rating rounded to one decimal; null without reviews. */
  average: z.number().nullable(),
  /** Whether the caller may leave a review now (a shared project without their review yet). */
  canReview: z.boolean(),
});
export type ReviewList = z.infer<typeof reviewList>;

export const deletedReviewResponse = z.object({ reviewIdx: z.number().int() });

export const fileUrlResponse = z.object({ url: z.string(), expiresAt: z.string() });
export type FileUrlResponse = z.infer<typeof fileUrlResponse>;
export const fileSignedQuery = z.object({
  fileIdx: idx,
  expires: unixSecondsText,
  signature: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});

import {
  UPLOAD_MAX_BYTES,
  apiPaths,
  createReviewRequest,
  deletedReviewResponse,
  fileMediaParams,
  fileQuery,
  fileUrlResponse,
  reviewIdxParams,
  reviewItem,
  reviewList,
  reviewOfMemberQuery,
  updateReviewRequest,
  uploadResponse,
} from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, responds } from '../../shared/http.js';
import { filePartOf, readingPart } from '../../shared/upload-part.js';
import { project, record } from '../../platform/authorization/route-policy.js';

/** docs/product/recruitment-and-reviews.md#reviews: the review calls, review images and signed file addresses. */
export async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { review } = app.services;
  const tags = ['review'];
  const security = [{ bearer: [] }];

  app.post(
    apiPaths.reviewMember,
    {
      config: { policy: project('review.create') },
      schema: { tags, security, body: createReviewRequest, response: responds(201, reviewItem) },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await review.create(actorOf(request), request.body) }),
  );

  app.get(
    apiPaths.reviewOfMember,
    {
      config: { policy: record('review.view', 'MEMBER_NOT_FOUND') },
      schema: { tags, security, querystring: reviewOfMemberQuery, response: responds(200, reviewList) },
    },
    async (request) => ({ data: await review.list(actorOf(request), request.query.memberIdx) }),
  );

  app.patch(
    apiPaths.reviewOne(':reviewIdx'),
    {
      config: { policy: record('review.update', 'REVIEW_NOT_FOUND') },
      schema: {
        tags,
        security,
        params: reviewIdxParams,
        body: updateReviewRequest,
        response: responds(200, reviewItem),
      },
    },
    async (request) => ({
      data: await review.update(actorOf(request), request.params.reviewIdx, request.body),
    }),
  );

  app.delete(
    apiPaths.reviewOne(':reviewIdx'),
    {
      config: { policy: record('review.delete', 'REVIEW_NOT_FOUND') },
      schema: { tags, security, params: reviewIdxParams, response: responds(200, deletedReviewResponse) },
    },
    async (request) => ({ data: await review.remove(actorOf(request), request.params.reviewIdx) }),
  );

  // Reviews are between members, decided in a project the caller shares with the reviewed member.
  app.post(
    apiPaths.fileMedia(':id'),
    {
      config: { policy: record('review.create', 'REVIEW_NOT_SHARED') },
      schema: {
        tags,
        security,
        params: fileMediaParams,
        consumes: ['multipart/form-data'],
        description:
          'An image for a review of member `id` (multipart field `file`, ≤ 10 MB, PNG/JPEG/GIF/WebP by content).',
        response: responds(201, uploadResponse),
      },
    },
    async (request, reply) => {
      const part = await filePartOf(request, UPLOAD_MAX_BYTES);
      const result = await readingPart(part, () =>
        review.uploadMedia(actorOf(request), request.params.id, {
          stream: part.file,
          isTruncated: () => part.file.truncated,
          fileName: part.filename,
        }),
      );
      return reply.status(201).send({ data: result });
    },
  );

  // A signed address is for a file the caller may read (file.download), or an image of reviews the
  // caller may read (review.view in a shared project): docs/decisions.md "Reviews".
  app.get(
    apiPaths.fileUrl,
    {
      config: { policy: record('file.download', 'FILE_NOT_FOUND') },
      schema: {
        tags,
        security,
        querystring: fileQuery,
        description: 'A short-lived signed address of the file that an <img> can load without the key.',
        response: responds(200, fileUrlResponse),
      },
    },
    async (request) => ({ data: await review.fileUrl(actorOf(request), request.query.fileIdx) }),
  );
}

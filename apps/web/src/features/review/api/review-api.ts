import {
  apiPaths,
  type CreateReviewRequest,
  type FileUrlResponse,
  type ReviewItem,
  type ReviewList,
  type UpdateReviewRequest,
} from '@teamline/contract';
import { api } from '../../../lib/api';

/** docs/product/recruitment-and-reviews.md#reviews. */
export const reviewApi = {
  ofMember: (memberIdx: number) => api<ReviewList>(apiPaths.reviewOfMember, { query: { memberIdx } }),
  create: (body: CreateReviewRequest) => api<ReviewItem>(apiPaths.reviewMember, { method: 'POST', body }),
  update: (reviewIdx: number, body: UpdateReviewRequest) =>
    api<ReviewItem>(apiPaths.reviewOne(reviewIdx), { method: 'PATCH', body }),
  remove: (reviewIdx: number) =>
    api<{ reviewIdx: number }>(apiPaths.reviewOne(reviewIdx), { method: 'DELETE' }),
  /** An image for a review of `memberIdx` (already resized); the server checks it is an image by its bytes. */
  uploadImage: (memberIdx: number, image: Blob, name: string) => {
    const form = new FormData();
    form.append('file', image, name);
    return api<{ fileIdx: number }>(apiPaths.fileMedia(memberIdx), { method: 'POST', body: form });
  },
  /** A short-lived signed address an <img> loads without the access key. */
  fileUrl: (fileIdx: number) => api<FileUrlResponse>(apiPaths.fileUrl, { query: { fileIdx } }),
};

export const reviewKeys = {
  ofMember: (memberIdx: number) => ['review', 'of-member', memberIdx] as const,
  fileUrl: (fileIdx: number) => ['review', 'file-url', fileIdx] as const,
};

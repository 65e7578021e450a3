import { type CreateReviewRequest, type UpdateReviewRequest } from '@teamline/contract';
import { api } from '../../../lib/api';

/** docs/product/recruitment-and-reviews.md#reviews. */
export const reviewApi = {
  ofMember: (memberIdx: number) => api.get('reviewOfMember', { query: { memberIdx } }),
  create: (body: CreateReviewRequest) => api.post('reviewMember', { body }),
  update: (reviewIdx: number, body: UpdateReviewRequest) => api.patch(['reviewOne', reviewIdx], { body }),
  remove: (reviewIdx: number) => api.delete(['reviewOne', reviewIdx]),
  /** An image for a review of `memberIdx` (already resized); the server checks it is an image by its bytes. */
  uploadImage: (memberIdx: number, image: Blob, name: string) => {
    const form = new FormData();
    form.append('file', image, name);
    return api.post(['fileMedia', memberIdx], { body: form });
  },
  /** A short-lived signed address an <img> loads without the access key. */
  fileUrl: (fileIdx: number) => api.get('fileUrl', { query: { fileIdx } }),
};

export const reviewKeys = {
  ofMember: (memberIdx: number) => ['review', 'of-member', memberIdx] as const,
  fileUrl: (fileIdx: number) => ['review', 'file-url', fileIdx] as const,
};

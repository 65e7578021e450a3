import { z } from 'zod';
import { idx, singleLine } from './common.js';

/** A saved project link (docs/product/projects-and-membership.md#links). */
export const link = z.object({
  linkIdx: z.number().int(),
  url: z.string(),
  metaImage: z.string().nullable(),
  metaTitle: z.string().nullable(),
  projectIdx: z.number().int(),
});
export type Link = z.infer<typeof link>;

export const linkListQuery = z.object({ projectIdx: idx });
export const createLinkRequest = z.object({
  url: singleLine().trim().min(1, 'required').max(2000),
  projectIdx: idx,
});
export const linkIdxParams = z.object({ linkIdx: idx });

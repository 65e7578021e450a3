import { z } from 'zod';

/**
 * Search everything (issue 34, docs/product/search.md): one query over the caller's projects,
 * answered by kind. Texts come back plain, with the matched ranges to highlight: the web app marks
 * them itself and never injects HTML.
 */
export const searchKinds = [
  'story',
  'milestone',
  'epic',
  'document',
  'member',
  'request',
  'recruitment',
] as const;
export type SearchKind = (typeof searchKinds)[number];

export const SEARCH_QUERY_MAX = 100;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_PAGE_MAX = 50;

export const searchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1)
    .max(SEARCH_QUERY_MAX)
    .refine((q) => ![...q].some((c) => c < ' '), 'control characters'),
  kind: z.enum(searchKinds).optional(),
  page: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(1),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** Where a match is in a text: `[start, end)` in UTF-16 offsets, as JavaScript slices strings. */
export const searchRange = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

export const searchHit = z.object({
  kind: z.enum(searchKinds),
  /** The record's id (a member: their account id, `memberIdx`). */
  idx: z.number().int(),
  projectIdx: z.number().int(),
  projectName: z.string(),
  /** A story's key (`SHOP-12`) when its project has one. */
  key: z.string().nullable(),
  title: z.string(),
  titleRanges: z.array(searchRange),
  /** A piece of a document's text around its first match, plain text ('' when none). */
  snippet: z.string(),
  snippetRanges: z.array(searchRange),
  /** True when the query is this story's key exactly. */
  exact: z.boolean(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchResult = z.object({
  items: z.array(searchHit),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResult>;

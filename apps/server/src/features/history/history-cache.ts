import type { HistoryItem } from '@teamline/contract';
import { createProjectCache } from '../../platform/cache/project-cache.js';

/** The channel migration 0023's triggers notify: a project id, or '' when an author was renamed. */
export const HISTORY_CHANGED = 'history_changed';
/** Longest a kept list is believed, should a change ever go unheard (it is dropped at once otherwise). */
const HISTORY_CACHE_MS = 5_000;
/** Lists kept at once, and the longest list kept: a bound on the memory (~50 lists a MB). */
const MAX_LISTS = 500;
export const HISTORY_CACHE_MAX_RECORDS = 50;

/**
 * Story and milestone history lists as the API answers them, kept in memory on the embedded
 * database (one statement and its ~0.7 ms of PGlite's only thread per read otherwise). Dropped on
 * the notices of migration 0023 (a record written, changed or removed in the project; an author
 * renamed or removed) and of 0022 (the project's members, status or existence changed). Items are
 * handed out as they are kept: nothing changes them after they are built (the routes serialise
 * them).
 */
export function createHistoryCache(now: () => number = Date.now) {
  return createProjectCache<HistoryItem[]>({
    boundMs: HISTORY_CACHE_MS,
    maxEntries: MAX_LISTS,
    copy: (items) => items,
    keeps: (items) => items.length <= HISTORY_CACHE_MAX_RECORDS,
    now,
  });
}
export type HistoryCache = ReturnType<typeof createHistoryCache>;

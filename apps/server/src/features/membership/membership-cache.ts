import { createProjectCache } from '../../platform/cache/project-cache.js';
import type { Membership } from '../../platform/authorization/authorization.js';

/** Longest a kept answer is believed, should a change ever go unheard (it is dropped at once otherwise). */
export const MEMBERSHIP_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;
/** The channel migration 0022's triggers notify, with the project id as payload (listenForProjectChanges). */
export const MEMBERSHIP_CHANGED = 'membership_changed';

/**
 * The membership lookup every authorization makes (one statement, 0.7–1.2 ms of PGlite's only
 * thread on light reads), kept in memory on the embedded database (platform/cache/project-cache.ts).
 * Only active memberships are kept (a stranger always asks the database). The triggers of migration
 * 0022 notify after every committed change of a project's members, its status or its deletion.
 * Inside a transaction the repository is asked directly, never this cache.
 */
export function createMembershipCache(now: () => number = Date.now) {
  const cache = createProjectCache<Membership>({
    boundMs: MEMBERSHIP_CACHE_MS,
    maxEntries: MAX_ENTRIES,
    // A copy each time: a caller changing its answer must not change the next caller's.
    copy: (membership) => ({ ...membership }),
    now,
  });
  return Object.assign(cache, {
    /** `find` behind the cache: a kept answer if fresh, else the database's (kept if still current). */
    lookup<M extends Membership>(find: (projectIdx: number, memberIdx: number) => Promise<M | null>) {
      return (projectIdx: number, memberIdx: number): Promise<M | null> =>
        cache.get(`${projectIdx}:${memberIdx}`, async () => {
          const membership = await find(projectIdx, memberIdx);
          return membership && { projectIdx, value: membership };
        }) as Promise<M | null>;
    },
  });
}
export type MembershipCache = ReturnType<typeof createMembershipCache>;

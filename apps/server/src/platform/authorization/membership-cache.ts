import type { PGlite } from '@electric-sql/pglite';
import type { Membership } from './authorization.js';

/** Longest a kept answer is believed, should a change ever go unheard (it is dropped at once otherwise). */
export const MEMBERSHIP_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;
/** The channel migration 0022's triggers notify, with the project id as payload. */
export const MEMBERSHIP_CHANGED = 'membership_changed';

interface Entry {
  membership: Membership;
  checkedAt: number;
}

/**
 * The membership lookup every authorization makes (one statement, 0.7–1.2 ms of PGlite's only
 * thread on light reads), kept in memory on the embedded database. Only active memberships are kept
 * (a stranger always asks the database). The database itself says when to drop them: the triggers
 * of migration 0022 notify after every committed change of a project's members, its status or its
 * deletion, whoever made it, and PGlite hands the notice over before the committing statement
 * returns. Queries and transactions take turns on PGlite, so no lookup can see a change before its
 * notice; a lookup that was already on its way when a notice came is not kept (the generation
 * check). Inside a transaction the repository is asked directly, never this cache.
 */
export function createMembershipCache(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  let generation = 0;
  const keyOf = (projectIdx: number, memberIdx: number) => `${projectIdx}:${memberIdx}`;
  const cache = {
    /** Drops every kept answer of the project (its members, status or existence changed). */
    forgetProject(projectIdx: number) {
      generation++;
      const prefix = `${projectIdx}:`;
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
    forgetAll() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
    /** `find` behind the cache: a kept answer if fresh, else the database's (kept if still current). */
    lookup<M extends Membership>(find: (projectIdx: number, memberIdx: number) => Promise<M | null>) {
      return async (projectIdx: number, memberIdx: number): Promise<M | null> => {
        const key = keyOf(projectIdx, memberIdx);
        const entry = entries.get(key);
        // A copy each time: a caller changing its answer must not change the next caller's.
        if (entry && now() - entry.checkedAt < MEMBERSHIP_CACHE_MS) return { ...entry.membership } as M;
        if (entry) entries.delete(key);
        const asked = generation;
        const membership = await find(projectIdx, memberIdx);
        // A change heard while the lookup ran may postdate what it read: keep nothing then.
        if (membership && asked === generation) {
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          entries.set(key, { membership: { ...membership }, checkedAt: now() });
        }
        return membership;
      };
    },
  };
  return cache;
}
export type MembershipCache = ReturnType<typeof createMembershipCache>;

/**
 * Starts hearing the embedded database's membership notices, before any request is served; returns
 * how to stop (a test's database may outlive its app).
 */
export function listenForMembershipChanges(client: PGlite, cache: MembershipCache) {
  return client.listen(MEMBERSHIP_CHANGED, (payload) => {
    const projectIdx = Number(payload);
    if (Number.isInteger(projectIdx)) cache.forgetProject(projectIdx);
    else cache.forgetAll();
  });
}

import { createProjectCache } from '../../platform/cache/project-cache.js';
import type { PlanningVersionRepository } from './planning-version.repository.js';

/** The channel migration 0037's trigger notifies with the project id when its planning version moves. */
export const PLANNING_VERSION_CHANGED = 'planning_version_changed';
/** Longest a kept version is believed, should a notice ever go unheard (it is dropped at once otherwise). */
const PLANNING_VERSION_CACHE_MS = 5_000;
const MAX_PROJECTS = 10_000;

/**
 * Each project's planning version kept in memory on the embedded database
 * (platform/cache/project-cache.ts). Every cached timeline and dashboard answer asks for the version
 * first; on PGlite that statement was the only SQL a warm timeline read ran, and it held the one
 * thread for each of them. Dropped on the notice of migration 0037 (the version row written).
 */
export function createPlanningVersionCache(now: () => number = Date.now) {
  return createProjectCache<number>({
    boundMs: PLANNING_VERSION_CACHE_MS,
    maxEntries: MAX_PROJECTS,
    copy: (version) => version,
    now,
  });
}
export type PlanningVersionCache = ReturnType<typeof createPlanningVersionCache>;

/** What readers outside a transaction need of the version: the current one, kept when a cache is given. */
export type PlanningVersionReader = Pick<PlanningVersionRepository, 'current'>;

/**
 * `versions` with `current` answered from `cache` when one is given (the embedded database). Only
 * for reads outside a transaction: a transaction's own bump is not committed, so not heard yet.
 */
export function cachedPlanningVersions<V extends PlanningVersionReader>(
  versions: V,
  cache: PlanningVersionCache | undefined,
): V {
  if (!cache) return versions;
  return {
    ...versions,
    current: async (projectIdx: number) =>
      (await cache.get(String(projectIdx), async () => ({
        projectIdx,
        value: await versions.current(projectIdx),
      })))!,
  };
}

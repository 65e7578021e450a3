import type { Db } from '../../infra/db.js';
import {
  createStore,
  type TransactionPorts,
  type UnitOfWorkContext,
} from '../../platform/events/unit-of-work.js';
import { createEpicRepository } from './epic.repository.js';
import { createHistoryRepository } from './history.repository.js';
import { createMilestoneRepository } from './milestone.repository.js';
import { createTimekeepingRepository } from './timekeeping.repository.js';
import { createPlanningVersionRepository } from './planning-version.repository.js';
import { cachedPlanningVersions, type PlanningVersionCache } from './planning-version-cache.js';
import { createStoryRepository } from './story.repository.js';

/** The planning repositories over one handle: the database, or a transaction so they commit together. */
export function planningRepositories(db: Db) {
  return {
    story: createStoryRepository(db),
    milestone: createMilestoneRepository(db),
    epic: createEpicRepository(db),
    history: createHistoryRepository(db),
    timekeeping: createTimekeepingRepository(db),
    version: createPlanningVersionRepository(db),
  };
}
export type PlanningRepositories = TransactionPorts & ReturnType<typeof planningRepositories>;

/**
 * The planning repositories on the database, and a transaction that hands out the same set on its
 * handle. With `versionCache` (the embedded database) the version read outside a transaction is kept
 * in memory until the version moves.
 */
export function createPlanningStore(db: Db, ctx: UnitOfWorkContext, versionCache?: PlanningVersionCache) {
  const store = createStore(db, ctx, planningRepositories);
  return { ...store, version: cachedPlanningVersions(store.version, versionCache) };
}
export type PlanningStore = ReturnType<typeof createPlanningStore>;

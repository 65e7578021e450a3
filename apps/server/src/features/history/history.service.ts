import type { ErrorCode, HistoryData, HistoryItem } from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { HistoryCache } from './history-cache.js';
import type { HistoryRepository } from '../planning-store/history.repository.js';
import { toItem, type ListRow } from './history.presenter.js';

/**
 * Reading history. Writing happens inside the planning services' own transactions (same commit as
 * the change), through the repository.
 */
export function createHistoryService(
  repo: HistoryRepository,
  authz: Authorization<MembershipRow>,
  lookups: {
    projectOfStory(storyIdx: number): Promise<number | null>;
    projectOfMilestone(milestoneIdx: number): Promise<number | null>;
  },
  /** Lists kept in memory: on the embedded database only (history-cache.ts). */
  cache?: HistoryCache,
) {
  /**
   * A story's or milestone's records as items, with the project they name (null: no record). One
   * statement as a rule: the records name their project (a story's history outlives it).
   */
  async function list(key: string, read: () => Promise<ListRow[]>) {
    const readItems = async () => {
      const rows = await read();
      return rows[0] ? { projectIdx: rows[0].projectIdx, value: rows.map(toItem) } : null;
    };
    const items = cache ? await cache.get(key, readItems) : ((await readItems())?.value ?? null);
    return { items: items ?? [], projectIdx: items?.[0]?.projectIdx ?? null };
  }
  /** A stranger gets the addressed record's "not found", exactly as for a missing id. */
  async function memberOf(actor: Actor, projectIdx: number, missing: ErrorCode) {
    await authz.authorize(actor, 'planning.view', { projectIdx, missing });
  }
  return {
    async ofStory(actor: Actor, storyIdx: number): Promise<HistoryItem[]> {
      const { items, projectIdx: named } = await list(`story:${storyIdx}`, () => repo.listOfStory(storyIdx));
      const projectIdx = named ?? (await lookups.projectOfStory(storyIdx));
      if (projectIdx === null) throw new AppError('STORY_NOT_FOUND');
      await memberOf(actor, projectIdx, 'STORY_NOT_FOUND');
      return items;
    },
    async ofMilestone(actor: Actor, milestoneIdx: number): Promise<HistoryItem[]> {
      const { items, projectIdx: named } = await list(`milestone:${milestoneIdx}`, () =>
        repo.listOfMilestone(milestoneIdx),
      );
      const projectIdx = named ?? (await lookups.projectOfMilestone(milestoneIdx));
      if (projectIdx === null) throw new AppError('MILESTONE_NOT_FOUND');
      await memberOf(actor, projectIdx, 'MILESTONE_NOT_FOUND');
      return items;
    },
    async data(actor: Actor, historyIdx: number): Promise<HistoryData> {
      const row = await repo.findById(historyIdx);
      if (!row) throw new AppError('HISTORY_NOT_FOUND');
      await memberOf(actor, row.projectIdx, 'HISTORY_NOT_FOUND');
      return {
        historyIdx: row.historyIdx,
        type: row.type,
        before: row.before ?? null,
        after: row.after ?? null,
      };
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;

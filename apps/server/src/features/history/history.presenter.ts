import type { HistoryItem } from '@teamline/contract';
import type { HistoryRepository } from '../planning-store/history.repository.js';

const SUMMARY_CHARS = 100;

/** Long texts (descriptions, comments) cut so a list of sentences stays small. */
function summarise(values: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!values) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values))
    out[key] =
      typeof value === 'string' && value.length > SUMMARY_CHARS ? `${value.slice(0, SUMMARY_CHARS)}…` : value;
  return out;
}

export type ListRow = Awaited<ReturnType<HistoryRepository['listOfStory']>>[number];
export const toItem = (row: ListRow): HistoryItem => ({
  historyIdx: row.historyIdx,
  type: row.type,
  projectIdx: row.projectIdx,
  storyIdx: row.storyIdx,
  milestoneIdx: row.milestoneIdx,
  actor: row.actorIdx === null ? null : { memberInProjectIdx: row.actorIdx, nickname: row.nickname ?? '' },
  createdAt: row.createdAt.toISOString(),
  before: summarise(row.before ?? null),
  after: summarise(row.after ?? null),
});

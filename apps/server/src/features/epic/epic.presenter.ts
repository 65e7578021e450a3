import type { Epic } from '@teamline/contract';
import type { EpicRepository } from '../planning-store/epic.repository.js';

type ProgressRow = Awaited<ReturnType<EpicRepository['listWithProgress']>>[number];

/** Progress in percent: done points / all points; by story count when no story carries points. */
export function toEpic(row: ProgressRow): Epic {
  const ratio =
    row.totalPoint > 0
      ? row.completedPoint / row.totalPoint
      : row.storyCount > 0
        ? row.completedStoryCount / row.storyCount
        : 0;
  return {
    epicIdx: row.epic.epicIdx,
    projectIdx: row.epic.projectIdx,
    label: row.epic.label,
    weight: row.epic.weight,
    point: row.epic.point,
    colorCode: row.epic.colorCode,
    progress: Math.round(ratio * 1000) / 10,
    storyCount: row.storyCount,
    completedStoryCount: row.completedStoryCount,
    totalPoint: row.totalPoint,
    completedPoint: row.completedPoint,
  };
}

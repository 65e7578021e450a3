import type { Timekeeping } from '@teamline/contract';
import type { TimekeepingRow } from '../planning-store/timekeeping.repository.js';

export const toTimekeeping = (row: TimekeepingRow): Timekeeping => ({
  timekeepingIdx: row.timekeepingIdx,
  projectIdx: row.projectIdx,
  storyIdx: row.storyIdx,
  memberInProjectIdx: row.memberInProjectIdx,
  workDt: row.workDt,
  minutes: row.minutes,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});

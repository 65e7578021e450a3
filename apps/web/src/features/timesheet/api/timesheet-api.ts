import { type CreateTimekeepingRequest, type UpdateTimekeepingRequest } from '@teamline/contract';
import { api } from '../../../lib/api';

/** The time sheet's calls: one member's entries of a period, and the writes of one cell. */
export const timesheetApi = {
  entries: (projectIdx: number, memberInProjectIdx: number, from: string, to: string) =>
    api.get('timekeeping', { query: { projectIdx, memberInProjectIdx, from, to } }),
  create: (body: CreateTimekeepingRequest) => api.post('timekeeping', { body }),
  update: (timekeepingIdx: number, body: UpdateTimekeepingRequest) =>
    api.patch(['timekeepingOne', timekeepingIdx], { body }),
  /** The project's stories a row can be for: the timeline's in order, then the backlog's. */
  stories: async (projectIdx: number): Promise<{ storyIdx: number; title: string }[]> => {
    const [timeline, backlog] = await Promise.all([
      api.get('milestoneTimeline', { query: { projectIdx } }),
      api.get('storyAwaitingZone', { query: { projectIdx } }),
    ]);
    return [...timeline.milestones.flatMap((m) => m.stories), ...backlog].map(({ storyIdx, title }) => ({
      storyIdx,
      title,
    }));
  },
  remove: (timekeepingIdxs: number[]) => api.delete('timekeepingBulk', { body: { timekeepingIdxs } }),
};

/** Under the planning keys of the project, so the story panel's time changes refresh the sheet too. */
export const timesheetKeys = {
  all: (projectIdx: number) => ['planning', projectIdx, 'timesheet'] as const,
  stories: (projectIdx: number) => ['planning', projectIdx, 'timesheet', 'stories'] as const,
  week: (projectIdx: number, memberInProjectIdx: number, from: string) =>
    ['planning', projectIdx, 'timesheet', memberInProjectIdx, from] as const,
};

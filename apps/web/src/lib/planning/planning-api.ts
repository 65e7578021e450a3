import {
  apiPaths,
  type CreateMilestoneRequest,
  type CreateStoryRequest,
  type CreateTimekeepingRequest,
  type CreateEpicRequest,
  type Epic,
  type HistoryData,
  type HistoryItem,
  type MemberInProject,
  type Milestone,
  type MilestoneApprovalRequest,
  type MilestoneOrderRequest,
  type Story,
  type StoryComment,
  type StoryOrderRequest,
  type TimelineResponse,
  type Timekeeping,
  type UpdateEpicRequest,
  type UpdateMilestoneRequest,
  type UpdateStoryRequest,
} from '@teamline/contract';
import { api } from '../api';

/** Every planning call of docs/product/planning.md#milestones and docs/product/planning.md#history, typed by the contract. */
export const planningApi = {
  timeline: (projectIdx: number) =>
    api<TimelineResponse>(apiPaths.milestoneTimeline, { query: { projectIdx } }),
  backlog: (projectIdx: number) => api<Story[]>(apiPaths.storyAwaitingZone, { query: { projectIdx } }),
  milestone: (milestoneIdx: number) => api<Milestone>(apiPaths.milestoneOne(milestoneIdx)),
  createMilestone: (body: CreateMilestoneRequest) =>
    api<Milestone>(apiPaths.milestone, { method: 'POST', body }),
  updateMilestone: (milestoneIdx: number, body: UpdateMilestoneRequest) =>
    api<Milestone>(apiPaths.milestoneOne(milestoneIdx), { method: 'PATCH', body }),
  orderMilestone: (body: MilestoneOrderRequest) =>
    api<Milestone>(apiPaths.milestoneOrder, { method: 'PATCH', body }),
  approveMilestone: (milestoneIdx: number, body: MilestoneApprovalRequest) =>
    api<Milestone>(apiPaths.milestoneApproved(milestoneIdx), { method: 'PATCH', body }),
  deleteMilestone: (milestoneIdx: number) =>
    api<{ milestoneIdx: number; movedStoryCount: number }>(apiPaths.milestoneOne(milestoneIdx), {
      method: 'DELETE',
    }),
  story: (storyIdx: number) => api<Story>(apiPaths.storyOne(storyIdx)),
  createStory: (body: CreateStoryRequest) => api<Story>(apiPaths.story, { method: 'POST', body }),
  updateStory: (storyIdx: number, body: UpdateStoryRequest) =>
    api<Story>(apiPaths.storyOne(storyIdx), { method: 'PATCH', body }),
  orderStory: (body: StoryOrderRequest) => api<Story>(apiPaths.storyOrder, { method: 'PATCH', body }),
  deleteStory: (storyIdx: number) =>
    api<{ storyIdx: number }>(apiPaths.storyOne(storyIdx), { method: 'DELETE' }),
  setAssignees: (storyIdx: number, assignees: number[]) =>
    api<Story>(apiPaths.assignee(storyIdx), { method: 'PATCH', body: { assignees } }),
  storiesByEpic: (epicIdx: number) => api<Story[]>(apiPaths.storyByEpic(epicIdx)),
  storiesNoEpic: (projectIdx: number) => api<Story[]>(apiPaths.storyNoEpic(projectIdx)),
  comments: (storyIdx: number) => api<StoryComment[]>(apiPaths.storyComment(storyIdx)),
  addComment: (storyIdx: number, content: string) =>
    api<StoryComment>(apiPaths.storyComment(storyIdx), { method: 'POST', body: { content } }),
  timekeeping: (storyIdx: number) => api<Timekeeping[]>(apiPaths.timekeeping, { query: { storyIdx } }),
  logTime: (body: CreateTimekeepingRequest) =>
    api<Timekeeping>(apiPaths.timekeeping, { method: 'POST', body }),
  deleteTime: (timekeepingIdxs: number[]) =>
    api<{ deletedCount: number }>(apiPaths.timekeepingBulk, { method: 'DELETE', body: { timekeepingIdxs } }),
  members: (projectIdx: number) =>
    api<MemberInProject[]>(apiPaths.memberInProject, { query: { projectIdx } }),
  epics: (projectIdx: number) => api<Epic[]>(apiPaths.epicAllOfProject, { query: { projectIdx } }),
  createEpic: (body: CreateEpicRequest) => api<Epic>(apiPaths.epic, { method: 'POST', body }),
  updateEpic: (epicIdx: number, body: UpdateEpicRequest) =>
    api<Epic>(apiPaths.epicOne(epicIdx), { method: 'PATCH', body }),
  deleteEpic: (epicIdx: number) => api<unknown>(apiPaths.epicOne(epicIdx), { method: 'DELETE' }),
  storyHistory: (storyIdx: number) => api<HistoryItem[]>(apiPaths.historyStory, { query: { storyIdx } }),
  milestoneHistory: (milestoneIdx: number) =>
    api<HistoryItem[]>(apiPaths.historyMilestone, { query: { milestoneIdx } }),
  historyData: (historyIdx: number) => api<HistoryData>(apiPaths.historyData, { query: { historyIdx } }),
};

/** Query keys: everything of one project sits under ['planning', projectIdx] so one invalidation refreshes it. */
export const planningKeys = {
  all: (projectIdx: number) => ['planning', projectIdx] as const,
  timeline: (projectIdx: number) => ['planning', projectIdx, 'timeline'] as const,
  backlog: (projectIdx: number) => ['planning', projectIdx, 'backlog'] as const,
  members: (projectIdx: number) => ['planning', projectIdx, 'members'] as const,
  epics: (projectIdx: number) => ['planning', projectIdx, 'epics'] as const,
  story: (projectIdx: number, storyIdx: number) => ['planning', projectIdx, 'story', storyIdx] as const,
  milestone: (projectIdx: number, milestoneIdx: number) =>
    ['planning', projectIdx, 'milestone', milestoneIdx] as const,
  comments: (projectIdx: number, storyIdx: number) => ['planning', projectIdx, 'comments', storyIdx] as const,
  time: (projectIdx: number, storyIdx: number) => ['planning', projectIdx, 'time', storyIdx] as const,
  history: (projectIdx: number, kind: 'story' | 'milestone', idx: number) =>
    ['planning', projectIdx, 'history', kind, idx] as const,
  epicStories: (projectIdx: number, epicIdx: number | 'none') =>
    ['planning', projectIdx, 'epicStories', epicIdx] as const,
};

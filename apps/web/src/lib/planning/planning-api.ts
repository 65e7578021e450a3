import {
  type CreateMilestoneRequest,
  type CreateStoryRequest,
  type CreateTimekeepingRequest,
  type CreateEpicRequest,
  type MilestoneApprovalRequest,
  type MilestoneOrderRequest,
  type StoryOrderRequest,
  type UpdateEpicRequest,
  type UpdateMilestoneRequest,
  type UpdateStoryRequest,
} from '@teamline/contract';
import { api } from '../api';

/** Every planning call of docs/product/planning.md#milestones and docs/product/planning.md#history, typed by the contract. */
export const planningApi = {
  timeline: (projectIdx: number) => api.get('milestoneTimeline', { query: { projectIdx } }),
  backlog: (projectIdx: number) => api.get('storyAwaitingZone', { query: { projectIdx } }),
  milestone: (milestoneIdx: number) => api.get(['milestoneOne', milestoneIdx]),
  createMilestone: (body: CreateMilestoneRequest) => api.post('milestone', { body }),
  updateMilestone: (milestoneIdx: number, body: UpdateMilestoneRequest) =>
    api.patch(['milestoneOne', milestoneIdx], { body }),
  orderMilestone: (body: MilestoneOrderRequest) => api.patch('milestoneOrder', { body }),
  approveMilestone: (milestoneIdx: number, body: MilestoneApprovalRequest) =>
    api.patch(['milestoneApproved', milestoneIdx], { body }),
  deleteMilestone: (milestoneIdx: number) => api.delete(['milestoneOne', milestoneIdx]),
  story: (storyIdx: number) => api.get(['storyOne', storyIdx]),
  createStory: (body: CreateStoryRequest) => api.post('story', { body }),
  updateStory: (storyIdx: number, body: UpdateStoryRequest) => api.patch(['storyOne', storyIdx], { body }),
  orderStory: (body: StoryOrderRequest) => api.patch('storyOrder', { body }),
  deleteStory: (storyIdx: number) => api.delete(['storyOne', storyIdx]),
  setAssignees: (storyIdx: number, assignees: number[]) =>
    api.patch(['assignee', storyIdx], { body: { assignees } }),
  storiesByEpic: (epicIdx: number) => api.get(['storyByEpic', epicIdx]),
  storiesNoEpic: (projectIdx: number) => api.get(['storyNoEpic', projectIdx]),
  comments: (storyIdx: number) => api.get(['storyComment', storyIdx]),
  addComment: (storyIdx: number, content: string) =>
    api.post(['storyComment', storyIdx], { body: { content } }),
  timekeeping: (storyIdx: number) => api.get('timekeeping', { query: { storyIdx } }),
  logTime: (body: CreateTimekeepingRequest) => api.post('timekeeping', { body }),
  deleteTime: (timekeepingIdxs: number[]) => api.delete('timekeepingBulk', { body: { timekeepingIdxs } }),
  members: (projectIdx: number) => api.get('memberInProject', { query: { projectIdx } }),
  epics: (projectIdx: number) => api.get('epicAllOfProject', { query: { projectIdx } }),
  createEpic: (body: CreateEpicRequest) => api.post('epic', { body }),
  updateEpic: (epicIdx: number, body: UpdateEpicRequest) => api.patch(['epicOne', epicIdx], { body }),
  deleteEpic: (epicIdx: number) => api.delete(['epicOne', epicIdx]),
  storyHistory: (storyIdx: number) => api.get('historyStory', { query: { storyIdx } }),
  milestoneHistory: (milestoneIdx: number) => api.get('historyMilestone', { query: { milestoneIdx } }),
  historyData: (historyIdx: number) => api.get('historyData', { query: { historyIdx } }),
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

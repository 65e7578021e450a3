import type { Story, StoryComment } from '@teamline/contract';
import type { StoryWithAssignees } from '../planning-store/story.repository.js';

export const toStory = (row: StoryWithAssignees): Story => ({
  storyIdx: row.storyIdx,
  projectIdx: row.projectIdx,
  storyNo: row.storyNo,
  milestoneIdx: row.milestoneIdx,
  epicIdx: row.epicIdx,
  title: row.title,
  description: row.description,
  status: row.status,
  startDt: row.startDt,
  endDt: row.endDt,
  assignees: row.assignees,
  reporterIdx: row.reporterIdx,
  approverIdx: row.approverIdx,
  link: row.link,
  rating: row.rating,
  point: row.point,
  orderKey: row.orderKey,
  createdAt: row.createdAt.toISOString(),
  createdByIdx: row.createdByIdx,
  updatedAt: row.updatedAt.toISOString(),
});

export const toStoryComment = (c: Omit<StoryComment, 'createdAt'> & { createdAt: Date }): StoryComment => ({
  ...c,
  createdAt: c.createdAt.toISOString(),
});

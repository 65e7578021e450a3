import { describe, expect, it } from 'vitest';
import {
  canMoveMilestone,
  canMoveStory,
  createStoryRequest,
  historyTypes,
  milestoneApprovalRequest,
  storyStatuses,
  updateStoryRequest,
} from '../index.js';

describe('story rules (docs/product/planning.md#validation, docs/product/planning.md#status-flow)', () => {
  it('rates 0 to 5 in steps of 0.5', () => {
    for (const rating of [0, 0.5, 2.5, 5])
      expect(updateStoryRequest.safeParse({ rating }).success).toBe(true);
    for (const rating of [-0.5, 0.3, 5.5])
      expect(updateStoryRequest.safeParse({ rating }).success).toBe(false);
  });
  it('refuses an end before the start', () => {
    const r = createStoryRequest.safeParse({
      projectIdx: 1,
      title: 'x',
      startDt: '20260202',
      endDt: '20260201',
    });
    expect(r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual(['endDt:endBeforeStart']);
  });
  it('moves stories only along the flow; delayed is the job’s, considering the client’s', () => {
    expect(canMoveStory('pending', 'inProgress')).toBe(true);
    expect(canMoveStory('inProgress', 'completed')).toBe(true);
    expect(canMoveStory('completed', 'inProgress')).toBe(true);
    expect(canMoveStory('considering', 'pending')).toBe(true);
    expect(canMoveStory('considering', 'rejected')).toBe(true);
    expect(canMoveStory('delayed', 'completed')).toBe(true);
    expect(canMoveStory('pending', 'completed')).toBe(false);
    for (const from of storyStatuses) {
      expect(canMoveStory(from, from)).toBe(true);
      if (from !== 'delayed') expect(canMoveStory(from, 'delayed')).toBe(false);
      if (from !== 'considering') expect(canMoveStory(from, 'considering')).toBe(false);
    }
  });
  it('never moves a milestone into or out of approval by a plain update', () => {
    expect(canMoveMilestone('pending', 'approving')).toBe(false);
    expect(canMoveMilestone('approving', 'approved')).toBe(false);
    expect(canMoveMilestone('approved', 'inProgress')).toBe(false);
    expect(canMoveMilestone('rejected', 'inProgress')).toBe(true);
  });
  it('requires a reason to reject a milestone', () => {
    expect(milestoneApprovalRequest.safeParse({ action: 'reject' }).success).toBe(false);
    expect(milestoneApprovalRequest.safeParse({ action: 'reject', rejectReason: 'why' }).success).toBe(true);
    expect(milestoneApprovalRequest.safeParse({ action: 'approve' }).success).toBe(true);
  });
  it('keeps the spec’s history numbers 1–13 and puts the extras after them', () => {
    expect([historyTypes.created, historyTypes.autoStatus, historyTypes.commentCreated]).toEqual([1, 9, 13]);
    expect(historyTypes.epic).toBe(14);
    expect(new Set(Object.values(historyTypes)).size).toBe(Object.values(historyTypes).length);
  });
});

import { describe, expect, it } from 'vitest';
import { approvalActions } from './MilestoneDetail';

describe('approval buttons by role', () => {
  it('professionals request from open states; the client approves or rejects while approving', () => {
    expect(approvalActions('inProgress', false)).toEqual(['request']);
    expect(approvalActions('rejected', false)).toEqual(['request']);
    expect(approvalActions('approving', false)).toEqual([]);
    expect(approvalActions('approved', false)).toEqual([]);
    expect(approvalActions('approving', true)).toEqual(['approve', 'reject']);
    expect(approvalActions('pending', true)).toEqual([]);
  });
});

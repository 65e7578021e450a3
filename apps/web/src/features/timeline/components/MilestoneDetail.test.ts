import { describe, expect, it } from 'vitest';
import { approvalActions } from './MilestoneDetail';

/** What the server's abilities say: a professional may request, a client may decide. */
const pro = { request: true, decide: false };
const client = { request: false, decide: true };

describe('approval buttons from the abilities', () => {
  it('professionals request from open states; the client approves or rejects while approving', () => {
    expect(approvalActions('inProgress', pro)).toEqual(['request']);
    expect(approvalActions('rejected', pro)).toEqual(['request']);
    expect(approvalActions('approving', pro)).toEqual([]);
    expect(approvalActions('approved', pro)).toEqual([]);
    expect(approvalActions('approving', client)).toEqual(['approve', 'reject']);
    expect(approvalActions('pending', client)).toEqual([]);
  });
  it('shows nothing to a caller the server allows neither', () => {
    expect(approvalActions('inProgress', { request: false, decide: false })).toEqual([]);
    expect(approvalActions('approving', { request: false, decide: false })).toEqual([]);
  });
});

import type { MemberRequest } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { RequestList } from './RequestList';

afterEach(cleanup);

const request = (over: Partial<MemberRequest>): MemberRequest => ({
  requestIdx: 1,
  projectIdx: 1,
  kind: 'general',
  title: 'Review the login page',
  description: '',
  dueDt: '20260320',
  storyIdx: null,
  senderIdx: 7,
  receiverIdx: 8,
  status: 'awaiting',
  readAt: null,
  takenAt: null,
  completedAt: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  files: [],
  ...over,
});
const names: Record<number, string> = { 7: 'Mina', 8: 'Tuan' };
const nameOf = (idx: number) => names[idx] ?? '?';

describe('RequestList', () => {
  it('shows each received request with its status, sender, due date and an unread mark only on unread ones', () => {
    const onSelect = vi.fn();
    render(
      <RequestList
        box="received"
        nameOf={nameOf}
        selectedIdx={null}
        onSelect={onSelect}
        requests={[
          request({ requestIdx: 1, title: 'Unread one', unread: true }),
          request({
            requestIdx: 2,
            title: 'Read one',
            status: 'inProgress',
            readAt: '2026-03-02T00:00:00.000Z',
            unread: false,
          }),
        ]}
      />,
    );
    const items = screen.getAllByRole('button');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByTestId('unread-mark')).toBeTruthy();
    expect(within(items[0]!).getByText('Awaiting')).toBeTruthy();
    expect(within(items[0]!).getByText(/From Mina · Due Mar 20, 2026/)).toBeTruthy();
    expect(within(items[1]!).queryByTestId('unread-mark')).toBeNull();
    expect(within(items[1]!).getByText('In progress')).toBeTruthy();
    fireEvent.click(items[1]!);
    expect(onSelect).toHaveBeenCalledWith(2);
  });

  it('names the receiver in the sent box, and says when a box is empty', () => {
    const { rerender } = render(
      <RequestList box="sent" nameOf={nameOf} selectedIdx={1} onSelect={() => {}} requests={[request({})]} />,
    );
    expect(screen.getByText(/To Tuan/)).toBeTruthy();
    expect(screen.getByRole('button').getAttribute('aria-current')).toBe('true');
    rerender(<RequestList box="sent" nameOf={nameOf} selectedIdx={null} onSelect={() => {}} requests={[]} />);
    expect(screen.getByText('No requests here yet.')).toBeTruthy();
  });

  it('shows a contract offer’s date as its start, not as a due date', () => {
    render(
      <RequestList
        box="received"
        nameOf={nameOf}
        selectedIdx={null}
        onSelect={() => {}}
        requests={[request({ kind: 'contract', title: 'Contract', dueDt: '20260101' })]}
      />,
    );
    expect(screen.getByText(/From Mina · Starts Jan 1, 2026/)).toBeTruthy();
    expect(screen.queryByText(/Due/)).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MemberInProject, Story } from '@teamline/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { useToastStore } from '../../../stores/toast-store';
import '../../../lib/i18n';
import { StoryDetail } from './StoryDetail';

// The rule reads the hoisted literal's context, not the later assignments of stories to it.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
const state = vi.hoisted(() => ({ story: null as unknown, updateStory: vi.fn() }));
vi.mock('../../../lib/planning/planning-api', async (importOriginal) => {
  const original = await importOriginal<object>();
  const empty = async () => [];
  return {
    ...original,
    planningApi: {
      story: async () => state.story,
      updateStory: state.updateStory,
      comments: empty,
      storyHistory: empty,
      milestoneHistory: empty,
      timekeeping: empty,
      members: empty,
      epics: empty,
    },
  };
});
vi.mock('../../../lib/project-api', () => ({
  projectApi: { roles: async () => ({ abilities: ['planning.view', 'time.log'] }) },
}));

afterEach(cleanup);
beforeEach(() => {
  state.updateStory.mockReset();
  useToastStore.getState().reset();
});

const story = (can: Story['can']): Story => ({
  storyIdx: 5,
  projectIdx: 1,
  storyNo: 5,
  milestoneIdx: null,
  epicIdx: null,
  title: 'Login',
  description: '',
  status: 'pending',
  startDt: null,
  endDt: null,
  assignees: [],
  reporterIdx: 2,
  approverIdx: null,
  link: null,
  rating: null,
  point: 0,
  orderKey: 'a0',
  createdAt: '2026-01-01T00:00:00.000Z',
  createdByIdx: 2,
  updatedAt: '2026-01-01T00:00:00.000Z',
  can,
});

function renderDetail(members: MemberInProject[] = []) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <StoryDetail
        projectIdx={1}
        storyIdx={5}
        plan={undefined}
        members={members}
        epics={[]}
        onClose={() => {}}
      />
    </QueryClientProvider>,
  );
}

describe('StoryDetail edits and deletes as the server’s can says, not by role', () => {
  it('read-only without can.edit, no delete without can.delete', async () => {
    state.story = story({ edit: false, delete: false });
    renderDetail();
    expect(await screen.findByTestId('story-title-input')).toHaveProperty('disabled', true);
    expect(screen.getByText('You do not have permission to edit this.', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /delete story/i })).toBeNull();
  });

  it('editable with can.edit, deletable with can.delete', async () => {
    state.story = story({ edit: true, delete: true });
    renderDetail();
    expect(await screen.findByTestId('story-title-input')).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: /delete story/i })).toBeTruthy();
  });
});

describe('StoryDetail title and dates', () => {
  const errorOf = (input: HTMLElement) =>
    document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

  it('an end before the start stays in the field with the rule below it, and is not sent', async () => {
    state.story = { ...story({ edit: true, delete: false }), startDt: '20260310' };
    renderDetail();
    const end = await screen.findByLabelText('End date');
    await act(async () => fireEvent.change(end, { target: { value: '2026-03-01' } }));
    await waitFor(() => expect(end.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(end)).toBe('The end date cannot precede the start date.');
    expect((end as HTMLInputElement).value).toBe('2026-03-01');
    expect(state.updateStory).not.toHaveBeenCalled();
    expect(useToastStore.getState().toasts).toHaveLength(0);

    // Moving the start back makes both valid: the kept end date is saved with it.
    state.updateStory.mockImplementation(async (_idx: number, body: object) => ({
      ...(state.story as Story),
      ...body,
    }));
    await act(async () =>
      fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-02-01' } }),
    );
    await waitFor(() => expect(end.getAttribute('aria-invalid')).toBeNull());
    expect(state.updateStory).toHaveBeenCalledWith(5, { startDt: '20260201', endDt: '20260301' });
  });

  it('a date the server refuses shows the server’s reason on the field and keeps the input', async () => {
    state.story = story({ edit: true, delete: false });
    state.updateStory.mockRejectedValue(
      new ApiError('VALIDATION_FAILED', 400, 'x', { endDt: 'endBeforeStart' }),
    );
    renderDetail();
    const end = await screen.findByLabelText('End date');
    await act(async () => fireEvent.change(end, { target: { value: '2026-03-01' } }));
    await waitFor(() => expect(end.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(end)).toBe('The end date cannot precede the start date.');
    expect((end as HTMLInputElement).value).toBe('2026-03-01');
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('an emptied title says it is required instead of silently going back', async () => {
    state.story = story({ edit: true, delete: false });
    renderDetail();
    const title = await screen.findByTestId('story-title-input');
    fireEvent.change(title, { target: { value: '  ' } });
    await act(async () => fireEvent.blur(title));
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(title)).toBe('This field is required.');
    expect(state.updateStory).not.toHaveBeenCalled();
  });

  it('each assignable member shows an avatar that opens their profile beside their checkbox', async () => {
    state.story = { ...story({ edit: true, delete: false }), assignees: [7] };
    const mina: MemberInProject = {
      memberInProjectIdx: 7,
      memberIdx: 70,
      projectIdx: 1,
      nickname: 'Mina',
      colorCode: '#2563eb',
      profileFileIdx: null,
      role: 'depth2',
      isAdmin: false,
      depth1Idx: null,
    };
    renderDetail([mina]);
    const box = await screen.findByRole('checkbox', { name: 'Mina' });
    expect(box).toHaveProperty('checked', true);
    const avatar = screen.getByRole('button', { name: 'View profile of Mina' });
    expect(avatar.getAttribute('aria-haspopup')).toBe('dialog');
  });
});

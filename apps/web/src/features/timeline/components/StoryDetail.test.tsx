import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Story } from '@teamline/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { StoryDetail } from './StoryDetail';

const state = vi.hoisted(() => ({ story: null as unknown }));
vi.mock('../../planning/api/planning-api', async (importOriginal) => {
  const original = await importOriginal<object>();
  const empty = async () => [];
  return {
    ...original,
    planningApi: {
      story: async () => state.story,
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

const story = (can: Story['can']): Story => ({
  storyIdx: 5,
  projectIdx: 1,
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

function renderDetail() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <StoryDetail projectIdx={1} storyIdx={5} plan={undefined} members={[]} epics={[]} onClose={() => {}} />
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

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TimelineStory } from '@teamline/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import type { Plan } from '../../../lib/planning/plan';
import { DetailPanel } from './DetailPanel';

vi.mock('../../../lib/planning/planning-api', async (importOriginal) => {
  const original = await importOriginal<object>();
  const empty = async () => [];
  return {
    ...original,
    planningApi: {
      story: async () => ({
        storyIdx: 5,
        projectIdx: 1,
        storyNo: 12,
        milestoneIdx: null,
        epicIdx: null,
        title: 'Checkout',
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
        can: { edit: false, delete: false },
      }),
      comments: empty,
      storyHistory: empty,
      timekeeping: empty,
    },
  };
});
vi.mock('../../../lib/project-api', () => ({
  projectApi: { roles: async () => ({ abilities: ['planning.view'] }) },
}));
// The github feature's list is its own lazy chunk: here a stand-in says it was asked for.
vi.mock('../../../app/github-story-links', () => ({
  GithubStoryLinks: ({ storyIdx }: { storyIdx: number }) => (
    <p data-testid="links-slot">links of {storyIdx}</p>
  ),
}));

afterEach(cleanup);

const row: TimelineStory = {
  storyIdx: 5,
  storyNo: 12,
  milestoneIdx: null,
  epicIdx: null,
  title: 'Checkout',
  status: 'pending',
  startDt: null,
  endDt: null,
  assignees: [],
  point: 0,
  orderKey: 'a0',
};

const renderPanel = (plan: Plan) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DetailPanel
        projectIdx={1}
        storyIdx={5}
        milestoneIdx={null}
        plan={plan}
        members={[]}
        epics={[]}
        onClose={() => {}}
      />
    </QueryClientProvider>,
  );

describe('the story panel with a GitHub project key', () => {
  it('names the story SHOP-12 and lists its linked commits', async () => {
    renderPanel({ milestones: [], backlog: [row], projectKey: 'SHOP' });
    expect(screen.getByTestId('story-key').textContent).toBe('SHOP-12');
    expect((await screen.findByTestId('links-slot')).textContent).toBe('links of 5');
  });

  it('without a key keeps the id and loads no links', async () => {
    renderPanel({ milestones: [], backlog: [row], projectKey: null });
    expect(await screen.findByTestId('story-detail')).toBeTruthy();
    expect(screen.queryByTestId('story-key')).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('#5');
    expect(screen.queryByTestId('links-slot')).toBeNull();
  });
});

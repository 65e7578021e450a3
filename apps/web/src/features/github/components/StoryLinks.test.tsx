import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { StoryLinks } from './StoryLinks';

const api = vi.hoisted(() => ({ storyLinks: vi.fn() }));
vi.mock('../api/github-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  githubApi: api,
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const renderLinks = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StoryLinks storyIdx={5} />
    </QueryClientProvider>,
  );

describe("a story's linked commits and pull requests", () => {
  it('says when there is none', async () => {
    api.storyLinks.mockResolvedValue({ links: [] });
    renderLinks();
    expect(await screen.findByText('No linked commits')).toBeTruthy();
    expect(api.storyLinks).toHaveBeenCalledWith(5);
  });

  it('lists each with its kind, ref, title, author, state and a link to GitHub in a new tab', async () => {
    api.storyLinks.mockResolvedValue({
      links: [
        {
          kind: 'pull',
          ref: '#42',
          title: 'Checkout fixes SHOP-12',
          author: 'octocat',
          state: 'merged',
          url: 'https://github.com/acme/shop/pull/42',
          at: '2026-11-26T01:00:00.000Z',
        },
        {
          kind: 'commit',
          ref: 'a1b2c3d',
          title: 'SHOP-12 start checkout',
          author: 'hubot',
          state: 'committed',
          url: 'https://github.com/acme/shop/commit/a1b2c3d',
          at: '2026-11-25T01:00:00.000Z',
        },
      ],
    });
    renderLinks();
    const rows = await screen.findAllByTestId('story-link');
    expect(rows).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Pull request' })).toBeTruthy();
    expect(screen.getByText('Merged')).toBeTruthy();
    expect(screen.getByText(/by octocat/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open #42 on GitHub' });
    expect(link.getAttribute('href')).toBe('https://github.com/acme/shop/pull/42');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReviewItem, ReviewList } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import '../../../lib/i18n';
import ReviewSection from './ReviewSection';

const { ofMember, fileUrl, remove } = vi.hoisted(() => ({
  ofMember: vi.fn(),
  fileUrl: vi.fn(),
  remove: vi.fn(),
}));
vi.mock('../api/review-api', async (importOriginal) => {
  const original = await importOriginal<object>();
  return { ...original, reviewApi: { ofMember, fileUrl, remove } };
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const review = (over: Partial<ReviewItem>): ReviewItem => ({
  reviewIdx: 1,
  memberIdx: 7,
  projectIdx: 3,
  projectName: 'Apollo',
  reviewer: { memberIdx: 2, nickname: 'Jun', colorCode: '#00D696', profileFileIdx: null },
  rating: 4.5,
  content: 'Great\nteammate',
  medias: [],
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
  can: { edit: false, delete: false },
  ...over,
});
const list = (over: Partial<ReviewList>): ReviewList => ({
  memberIdx: 7,
  reviews: [],
  count: 0,
  average: null,
  canReview: false,
  ...over,
});

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Suspense fallback="loading">
        <ReviewSection memberIdx={7} nickname="Mina" />
      </Suspense>
    </QueryClientProvider>,
  );
}

describe('reviews in the profile popup', () => {
  it('lists reviews with the average, stars, comments and images through signed addresses', async () => {
    ofMember.mockResolvedValue(
      list({
        count: 2,
        average: 3.8,
        reviews: [
          review({ medias: [{ fileIdx: 11 }, { fileIdx: 12 }] }),
          review({
            reviewIdx: 2,
            rating: 3,
            content: '',
            reviewer: { memberIdx: 3, nickname: 'Lan', colorCode: '#2563EB', profileFileIdx: null },
          }),
        ],
      }),
    );
    fileUrl.mockImplementation(async (fileIdx: number) => ({
      url: `/api/file/signed?fileIdx=${fileIdx}&expires=1&signature=s`,
      expiresAt: '',
    }));
    renderSection();
    const section = await screen.findByRole('region', { name: 'Reviews' });
    await within(section).findByText('Jun');
    expect(within(section).getByText('3.8')).toBeTruthy();
    expect(within(section).getByText('Average 3.8 of 5')).toBeTruthy();
    expect(within(section).getByText('2 reviews')).toBeTruthy();
    expect(within(section).getByRole('img', { name: '4.5 of 5 stars' })).toBeTruthy();
    expect(within(section).getAllByText(/Project Apollo/)).toHaveLength(2);
    expect(within(section).getByText(/Great/).textContent).toBe('Great\nteammate');
    const image = await within(section).findByRole('img', { name: 'Image 2 of the review by Jun' });
    await waitFor(() =>
      expect(image.getAttribute('src')).toBe('/api/file/signed?fileIdx=12&expires=1&signature=s'),
    );
    expect(fileUrl).toHaveBeenCalledWith(11);
    // Nothing to do for a reader who may not review and wrote none of them.
    expect(within(section).queryByRole('button', { name: 'Rate' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('offers "Rate" to those allowed and edit/delete on their own review', async () => {
    ofMember.mockResolvedValue(
      list({
        count: 1,
        average: 2,
        canReview: true,
        reviews: [review({ rating: 2, can: { edit: true, delete: true } })],
      }),
    );
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Rate' }));
    expect(await screen.findByRole('dialog', { name: 'Rate Mina' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit your review' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('says when there are none, and when they could not be loaded (with a retry)', async () => {
    ofMember.mockResolvedValueOnce(list({}));
    renderSection();
    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
    cleanup();
    ofMember.mockReset();
    ofMember.mockRejectedValueOnce(new ApiError('INTERNAL', 500)).mockResolvedValueOnce(list({}));
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toContain('The reviews could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
  });

  it('shows nothing to someone who shares no project with the member', async () => {
    ofMember.mockRejectedValue(new ApiError('MEMBER_NOT_FOUND', 404));
    renderSection();
    await waitFor(() => expect(ofMember).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Reviews' })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

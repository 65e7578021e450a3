import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReviewItem } from '@teamline/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import '../../../lib/i18n';
import { ReviewDialog } from './ReviewDialog';

const { create, update, uploadImage, fileUrl, resizeImage } = vi.hoisted(() => ({
  create: vi.fn(),
  update: vi.fn(),
  uploadImage: vi.fn(),
  fileUrl: vi.fn(),
  resizeImage: vi.fn(),
}));
vi.mock('../api/review-api', async (importOriginal) => {
  const original = await importOriginal<object>();
  return { ...original, reviewApi: { create, update, uploadImage, fileUrl } };
});
vi.mock('../../../lib/image-resize', () => ({ resizeImage }));

beforeEach(() => {
  resizeImage.mockImplementation(async (file: Blob) => new Blob([file], { type: 'image/jpeg' }));
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderDialog(review?: ReviewItem) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Suspense fallback="loading">
        <ReviewDialog memberIdx={7} nickname="Mina" review={review} onClose={onClose} />
      </Suspense>
    </QueryClientProvider>,
  );
  return { onClose };
}
const png = (name = 'a.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const pick = (...files: File[]) =>
  fireEvent.change(screen.getByLabelText('Add image'), { target: { files } });

describe('rating dialog "별점 주기" (docs/product/recruitment-and-reviews.md#reviews)', () => {
  it('starts with no rating chosen and asks for one; the labelled star slider moves in halves and says its value', async () => {
    renderDialog();
    const slider = await screen.findByRole('slider', { name: 'Rating' });
    expect(screen.getByRole('dialog', { name: 'Rate Mina' })).toBeTruthy();
    expect(slider.getAttribute('aria-valuetext')).toBe('No rating chosen');
    expect(screen.getByText('—')).toBeTruthy();
    expect(slider.getAttribute('step')).toBe('0.5');
    expect(slider.getAttribute('min')).toBe('0');
    expect(slider.getAttribute('max')).toBe('5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a rating from 0 to 5 stars.');
    expect(slider.getAttribute('aria-invalid')).toBe('true');
    expect(create).not.toHaveBeenCalled();
    fireEvent.change(slider, { target: { value: '4.5' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('4.5 of 5 stars');
    expect(screen.getByText('4.5')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('chooses 0 stars with a key on the slider, where the value does not change', async () => {
    create.mockResolvedValue({});
    const { onClose } = renderDialog();
    const slider = await screen.findByRole('slider', { name: 'Rating' });
    fireEvent.keyUp(slider, { key: 'Home' });
    expect(slider.getAttribute('aria-valuetext')).toBe('0 of 5 stars');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ rating: 0 }));
  });

  it('resizes and uploads picked images for the member, removes one with its id, and sends the review', async () => {
    uploadImage.mockResolvedValueOnce({ fileIdx: 31 }).mockResolvedValueOnce({ fileIdx: 32 });
    create.mockResolvedValue({});
    const { onClose } = renderDialog();
    await screen.findByRole('slider', { name: 'Rating' });
    pick(png('one.png'), png('two.png'));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
    expect(resizeImage).toHaveBeenCalledWith(expect.any(File), 1600, 1600, 'image/jpeg', 85);
    expect(uploadImage).toHaveBeenCalledWith(7, expect.any(Blob), 'review.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Rating' }), { target: { value: '3.5' } });
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Solid work' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({ memberIdx: 7, rating: 3.5, content: 'Solid work', medias: [32] });
  });

  it('takes images only and at most 3, and shows the server refusal', async () => {
    uploadImage
      .mockResolvedValueOnce({ fileIdx: 1 })
      .mockResolvedValueOnce({ fileIdx: 2 })
      .mockRejectedValueOnce(new ApiError('FILE_TYPE_NOT_ALLOWED', 415));
    renderDialog();
    await screen.findByRole('slider', { name: 'Rating' });
    pick(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe('doc.pdf is not an image.');
    expect(uploadImage).not.toHaveBeenCalled();
    pick(png(), png(), png(), png());
    expect(screen.getByRole('alert').textContent).toBe('At most 3 images.');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This file type is not allowed.'));
    expect(uploadImage).toHaveBeenCalledTimes(3);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
  });

  it("edits one's own review with its values and images", async () => {
    fileUrl.mockResolvedValue({ url: '/api/file/signed?fileIdx=5&expires=1&signature=x', expiresAt: '' });
    update.mockResolvedValue({});
    renderDialog({
      reviewIdx: 9,
      memberIdx: 7,
      projectIdx: 1,
      projectName: 'A',
      reviewer: { memberIdx: 2, nickname: 'Me', colorCode: '#00D696', profileFileIdx: null },
      rating: 2.5,
      content: 'Before',
      medias: [{ fileIdx: 5 }],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      can: { edit: true, delete: true },
    });
    expect(await screen.findByRole('dialog', { name: 'Edit your review' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('slider', { name: 'Rating' }).value).toBe('2.5');
    await waitFor(() => expect(screen.getByRole('img').getAttribute('src')).toContain('/api/file/signed'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(9, { rating: 2.5, content: 'Before', medias: [5] }),
    );
  });
});

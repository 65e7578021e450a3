import { afterEach, describe, expect, it, vi } from 'vitest';

const fileUrl = vi.fn();
vi.mock('./api/document-api', () => ({ documentApi: { fileUrl: (idx: number) => fileUrl(idx) } }));
const { imageUrlOf } = await import('./image-urls');

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

afterEach(() => fileUrl.mockReset());

describe('signed addresses of document images', () => {
  it('are asked once per file while valid, again near expiry, and again when the browser failed', async () => {
    fileUrl.mockResolvedValueOnce({ url: '/a1', expiresAt: inMinutes(10) });
    expect(await Promise.all([imageUrlOf(1), imageUrlOf(1)])).toEqual(['/a1', '/a1']);
    expect(fileUrl).toHaveBeenCalledTimes(1);

    fileUrl.mockResolvedValueOnce({ url: '/a2', expiresAt: inMinutes(10) });
    expect(await imageUrlOf(1, true)).toBe('/a2');

    fileUrl.mockResolvedValueOnce({ url: '/b1', expiresAt: inMinutes(0.5) });
    expect(await imageUrlOf(2)).toBe('/b1');
    // Less than a minute left: a new one rather than an address about to stop working.
    fileUrl.mockResolvedValueOnce({ url: '/b2', expiresAt: inMinutes(10) });
    expect(await imageUrlOf(2)).toBe('/b2');
    expect(fileUrl).toHaveBeenCalledTimes(4);
  });

  it('a refused request is not kept: the next image of that file asks again', async () => {
    fileUrl.mockRejectedValueOnce(new Error('FILE_NOT_FOUND'));
    await expect(imageUrlOf(3)).rejects.toThrow('FILE_NOT_FOUND');
    fileUrl.mockResolvedValueOnce({ url: '/c1', expiresAt: inMinutes(10) });
    expect(await imageUrlOf(3)).toBe('/c1');
  });
});

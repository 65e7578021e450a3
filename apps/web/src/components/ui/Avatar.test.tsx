import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Avatar, textColorOn } from './Avatar';
import { initialOf, loadFileUrl } from './avatar-cache';

afterEach(cleanup);

describe('Avatar fallback (docs/product/i18n-and-modes.md#widgets)', () => {
  it('shows the first letter of the nickname on the colour, font a third of the default 36', () => {
    const { container } = render(<Avatar nickname="kimmy" colorCode="#2563EB" />);
    const circle = container.querySelector('.avatar--initial') as HTMLElement;
    expect(circle.textContent).toBe('K');
    expect(circle.style.width).toBe('36px');
    expect(circle.style.fontSize).toBe('12px');
    expect(circle.style.background).toContain('rgb(37, 99, 235)');
  });

  it('uses the default colour #00D696 and a third of a custom size', () => {
    const { container } = render(<Avatar nickname="한결" size={140} />);
    const circle = container.querySelector('.avatar--initial') as HTMLElement;
    expect(circle.textContent).toBe('한');
    expect(circle.style.fontSize).toBe('47px');
    expect(circle.style.background).toContain('rgb(0, 214, 150)');
  });

  it('initialOf handles empty nicknames and surrogate pairs', () => {
    expect(initialOf('')).toBe('?');
    expect(initialOf(null)).toBe('?');
    expect(initialOf('😀abc')).toBe('😀');
  });

  it('picks readable text on light and dark colours', () => {
    expect(textColorOn('#F5B400')).toBe('#111827');
    expect(textColorOn('#1F2937')).toBe('#ffffff');
  });

  it('fetches a file once per id and caches it in memory', async () => {
    globalThis.URL.createObjectURL = vi.fn(() => 'blob:x');
    const fetchBlob = vi.fn(async () => new Blob(['x']));
    const [a, b] = await Promise.all([loadFileUrl(4242, fetchBlob), loadFileUrl(4242, fetchBlob)]);
    await loadFileUrl(4242, fetchBlob);
    expect(a).toBe('blob:x');
    expect(b).toBe('blob:x');
    expect(fetchBlob).toHaveBeenCalledTimes(1);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store';
import { copyToClipboard } from './clipboard';

const messages = { done: 'Copied.', failed: 'Copy it by hand.' };
const shown = () => useToastStore.getState().toasts.map((t) => [t.icon, t.text]);

describe('copyToClipboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useToastStore.getState().reset();
  });

  it('writes the text and says it was copied', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await copyToClipboard('whsec_abc', messages);
    expect(writeText).toHaveBeenCalledWith('whsec_abc');
    expect(shown()).toEqual([['success', 'Copied.']]);
  });

  it('tells the user to copy by hand when the browser refuses', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    await copyToClipboard('tl_pat_x', messages);
    expect(shown()).toEqual([['error', 'Copy it by hand.']]);
  });

  it('tells the user to copy by hand on a page without a clipboard (plain http)', async () => {
    vi.stubGlobal('navigator', {});
    await copyToClipboard('tl_pat_x', messages);
    expect(shown()).toEqual([['error', 'Copy it by hand.']]);
  });
});

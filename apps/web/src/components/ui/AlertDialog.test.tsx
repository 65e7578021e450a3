import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { AlertDialog } from './AlertDialog';
import { AlertRejected, openAlert } from './alert-store';

afterEach(cleanup);

describe('alert dialog (docs/product/i18n-and-modes.md#toasts-and-alerts)', () => {
  it('resolves on confirm, and a destructive confirm is red', async () => {
    render(<AlertDialog />);
    let answer: Promise<true> | undefined;
    act(() => {
      answer = openAlert('Delete this milestone?', { confirmText: 'Delete', isDanger: true });
    });
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm.className).toContain('btn--danger');
    fireEvent.click(confirm);
    await expect(answer).resolves.toBe(true);
  });

  it('rejects as rejected on cancel, with an ordinary confirm button', async () => {
    render(<AlertDialog />);
    let answer: Promise<true> | undefined;
    act(() => {
      answer = openAlert('Save?', { confirmText: 'Save', cancelText: 'Back' });
    });
    expect(screen.getByRole('button', { name: 'Save' }).className).not.toContain('btn--danger');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await expect(answer).rejects.toBeInstanceOf(AlertRejected);
  });
});

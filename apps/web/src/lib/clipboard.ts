import { notify } from '../stores/toast-store';

/**
 * Copies text and says how it went. A missing clipboard (a page served over plain http) or a refused
 * permission tells the user to copy by hand instead of failing silently.
 */
export async function copyToClipboard(
  text: string,
  messages: { done: string; failed: string },
): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    notify(messages.done, 'success');
  } catch {
    notify(messages.failed, 'error');
  }
}

import type { NavigateFunction } from 'react-router';
import { pendingInvitePath } from '../../../lib/invitation-api';
import { notify } from '../../../stores/toast-store';

/**
 * Where a new account goes: an invitation that sent the visitor to sign up continues where it left
 * off, with the welcome as a toast; anyone else starts on the first-run steps, whose title is the
 * welcome, without a toast that lay over the page's buttons on a phone (issue 33).
 */
export async function goAfterJoin(navigate: NavigateFunction, welcome: string): Promise<void> {
  const invitation = pendingInvitePath();
  if (invitation) {
    notify(welcome, 'success');
    await navigate(invitation, { replace: true });
    return;
  }
  await navigate('/instruction/new-register', { replace: true });
}

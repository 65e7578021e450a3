import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { writeJoinSession } from '../../../lib/storage';
import { useAuthStore } from '../../../stores/auth-store';
import { useToastStore } from '../../../stores/toast-store';
import { MailAuthPage } from './MailAuthPage';
import { renderPage } from './test-utils';

beforeEach(() => {
  useAuthStore.setState({ isLogin: false, key: '', expires: '' });
  useToastStore.getState().reset();
  writeJoinSession(null);
});
afterEach(async () => {
  cleanup();
  await act(() => setLanguage('en'));
});

const toasts = () => useToastStore.getState().toasts.map((t) => [t.text, t.icon]);
const render = (entry: string) => renderPage('/mailauth', entry, <MailAuthPage />);

describe('/mailauth', () => {
  it('?result=success toasts "Email authenticated." once and continues the sign-up it belongs to', () => {
    writeJoinSession({ email: 'new@example.com', verifiedToken: 't' });
    render('/mailauth?result=success');
    expect(screen.getByRole('heading', { name: 'Email authenticated' })).toBeTruthy();
    expect(toasts()).toEqual([['Email authenticated.', 'success']]);
    expect(screen.getByRole('link', { name: 'Continue sign-up' }).getAttribute('href')).toBe('/join');
  });

  it('?result=success without a sign-up under way offers login', () => {
    render('/mailauth?result=success');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('?result=failure, or no result at all, toasts "Email authentication failed." and offers a new link', () => {
    render('/mailauth?result=failure');
    expect(screen.getByRole('heading', { name: 'Email authentication failed' })).toBeTruthy();
    expect(toasts()).toEqual([['Email authentication failed.', 'error']]);
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/mailform');
    cleanup();
    useToastStore.getState().reset();
    render('/mailauth');
    expect(toasts()).toEqual([['Email authentication failed.', 'error']]);
  });

  it('hands a mailed token to /verify/email, the one place that spends it', () => {
    const router = render('/mailauth?token=abc%2B1');
    expect(router.state.location.pathname).toBe('/verify/email');
    expect(router.state.location.search).toBe('?token=abc%2B1');
    expect(toasts()).toEqual([]);
  });

  it('speaks Korean', async () => {
    await act(() => setLanguage('kr'));
    render('/mailauth?result=success');
    expect(screen.getByRole('heading', { name: '이메일 인증 완료' })).toBeTruthy();
    expect(toasts()[0]?.[0]).toBe(
      (await import('@teamline/contract/i18n')).resources.kr.ui.toast.emailAuthenticated,
    );
  });
});

import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import '../../../lib/i18n';
import { readOauthPreSession, writeOauthPreSession } from '../../../lib/storage';
import { useAuthStore } from '../../../stores/auth-store';
import { OauthSuccessPage } from './OauthSuccessPage';

const oauthLogin = vi.hoisted(() => vi.fn());
const oauthLink = vi.hoisted(() => vi.fn());
vi.mock('../api/auth-api', () => ({ authApi: { oauthLogin, oauthLink } }));

beforeEach(() => {
  oauthLogin.mockReset();
  oauthLink.mockReset();
  writeOauthPreSession(null);
  useAuthStore.getState().reset();
});
afterEach(cleanup);

function open(query: string) {
  render(
    <MemoryRouter initialEntries={[`/oauth/success?${query}`]}>
      <Routes>
        <Route path="/oauth/success" element={<OauthSuccessPage />} />
        <Route path="/oauth/pre" element={<p>join form</p>} />
        <Route path="/" element={<p>home</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Google sign-in result page', () => {
  it('says the sign-in was cancelled when the issuer answered access_denied, and calls nothing', () => {
    open('error=access_denied');
    expect(screen.getByRole('alert').textContent).toBe('Google sign-in was cancelled.');
    expect(oauthLogin).not.toHaveBeenCalled();
  });

  it('shows a server error code from the start as its translated text', () => {
    open('error=OAUTH_ISSUER_UNREACHABLE');
    expect(screen.getByRole('alert').textContent).toMatch(/unreachable/);
  });

  it('sends a new person to the join form with the claims kept for the tab', async () => {
    oauthLogin.mockResolvedValue({ result: 'join', preToken: 'pre', email: 'a@example.com', name: 'A' });
    open('code=c&state=s');
    await screen.findByText('join form');
    expect(oauthLogin).toHaveBeenCalledTimes(1);
    expect(oauthLogin).toHaveBeenCalledWith(
      expect.objectContaining({ provider: 'google', code: 'c', state: 's' }),
    );
    expect(readOauthPreSession()).toEqual({ preToken: 'pre', email: 'a@example.com', name: 'A' });
  });

  it('asks for the password of the existing account, then links and signs in', async () => {
    oauthLogin.mockRejectedValue(
      new ApiError('OAUTH_LINK_REQUIRED', 409, 'x', {}, { linkToken: 'lt', email: 'owner@example.com' }),
    );
    oauthLink
      .mockRejectedValueOnce(new ApiError('AUTH_INCORRECT_PASSWORD', 401))
      .mockResolvedValueOnce({ key: 'k', expires: new Date(Date.now() + 60_000).toISOString() });
    open('code=c&state=s');
    const password = await screen.findByLabelText('Password');
    fireEvent.change(password, { target: { value: 'wrong' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link and log in' })));
    await waitFor(() => expect(screen.getByText('Incorrect password.', { exact: false })).toBeTruthy());
    fireEvent.change(password, { target: { value: 'right' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Link and log in' })));
    await screen.findByText('home');
    expect(oauthLink).toHaveBeenLastCalledWith('lt', 'right');
    expect(useAuthStore.getState().isLogin).toBe(true);
  });
});

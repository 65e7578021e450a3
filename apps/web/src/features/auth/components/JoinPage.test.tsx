import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import '../../../lib/i18n';
import { writeJoinSession } from '../../../lib/storage';
import { useToastStore } from '../../../stores/toast-store';
import { JoinPage } from './JoinPage';

const joinGeneral = vi.hoisted(() => vi.fn());
vi.mock('../api/auth-api', () => ({ authApi: { joinGeneral } }));

beforeEach(() => {
  writeJoinSession({ email: 'new@example.com', verifiedToken: 'token' });
  useToastStore.getState().reset();
  joinGeneral.mockReset();
});
afterEach(cleanup);

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) =>
  act(async () => fireEvent.click(screen.getByRole('button', { name })));

async function toProfileStep(
  page = (
    <MemoryRouter>
      <JoinPage />
    </MemoryRouter>
  ),
) {
  render(page);
  type('Password', 'correct-horse-1');
  type('Confirm password', 'correct-horse-1');
  type('Name', 'Kim');
  type('Phone number', '01012345678');
  await click('Next');
  type('Nickname', 'kim');
}

describe('Join', () => {
  it('the first step shows its rules on the fields when Next is pressed with empty fields', async () => {
    render(
      <MemoryRouter>
        <JoinPage />
      </MemoryRouter>,
    );
    await click('Next');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('This field is required.');
  });

  it('an added career shows no error until its field is touched or the form submitted', async () => {
    await toProfileStep();
    await click('Add career');
    // The field array validates the new row at once; nothing of it may show yet.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    const company = screen.getAllByLabelText('Company').at(-1)!; // the career's, after the profile's own
    expect(company.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    await act(async () => fireEvent.blur(company));
    await waitFor(() => expect(company.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Start').getAttribute('aria-invalid')).toBeNull();

    await click('Create account');
    expect(screen.getByLabelText('Start').getAttribute('aria-invalid')).toBe('true');
    expect(joinGeneral).not.toHaveBeenCalled();
  });

  it('a nickname the server refuses is shown on the nickname field, not only in a toast', async () => {
    joinGeneral.mockRejectedValue(new ApiError('NICKNAME_TAKEN', 409));
    await toProfileStep();
    await click('Create account');
    const nickname = screen.getByLabelText('Nickname');
    await waitFor(() => expect(nickname.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(nickname.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This nickname is already taken.',
    );
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('a server field error on an account field takes the user back to step 1 to show it there', async () => {
    joinGeneral.mockRejectedValue(new ApiError('VALIDATION_FAILED', 400, 'x', { phone: 'phoneDigits' }));
    await toProfileStep();
    await click('Create account');
    const phone = await screen.findByLabelText('Phone number');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Use digits only.');
  });

  it('sends the birth date and gender, and lands on the first steps without a toast over them', async () => {
    joinGeneral.mockResolvedValue({ key: 'k', expires: '2099-01-01T00:00:00.000Z', refresh: 'r' });
    await toProfileStep(
      <MemoryRouter initialEntries={['/join']}>
        <Routes>
          <Route path="/join" element={<JoinPage />} />
          <Route path="/instruction/new-register" element={<p>first steps</p>} />
        </Routes>
      </MemoryRouter>,
    );
    type('Birth date', '1990-02-28');
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Female' })));
    await click('Create account');
    expect(await screen.findByText('first steps')).toBeTruthy();
    expect(joinGeneral).toHaveBeenCalledWith(expect.objectContaining({ birth: '19900228', gender: 'F' }));
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});

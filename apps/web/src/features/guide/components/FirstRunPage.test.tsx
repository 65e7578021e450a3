import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { useProfileStore } from '../../../stores/profile-store';
import { useRoleStore } from '../../../stores/role-store';
import { useToastStore } from '../../../stores/toast-store';
import { FirstRunPage } from './FirstRunPage';
import { profile, project, renderPage } from './test-utils';

vi.mock('../../../lib/project-api', () => ({ projectApi: { listOfMember: async () => [] } }));

beforeEach(() => {
  useAuthStore.setState({ isLogin: true, key: 'k', expires: '' });
  useRoleStore.getState().reset();
  useToastStore.getState().reset();
  useProfileStore.getState().setProfile(profile());
});
afterEach(async () => {
  cleanup();
  await act(() => setLanguage('en'));
});

const step = (key: string) => screen.getByTestId(`first-run-${key}`);
const render = (projects = [] as ReturnType<typeof project>[]) =>
  renderPage('/instruction/new-register', '/instruction/new-register', <FirstRunPage />, projects);

describe('/instruction/new-register', () => {
  it('shows three steps, profile and project not done for a member who just joined, each linking to where it is done', () => {
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Teamline' })).toBeTruthy();
    for (const key of ['profile', 'project'])
      expect(within(step(key)).getByText('Not done yet')).toBeTruthy();
    // The mode is always one of two: its step shows which, not done or not done.
    expect(within(step('mode')).getByText('Now: Professional mode')).toBeTruthy();
    expect(
      within(step('profile')).getByRole('link', { name: 'Open your profile' }).getAttribute('href'),
    ).toBe('/profile');
    expect(
      within(step('project')).getByRole('link', { name: 'Create a project on home' }).getAttribute('href'),
    ).toBe('/');
  });

  it('marks the profile done with a job and a career, and the project done with any project', () => {
    useProfileStore.getState().setProfile(
      profile({
        job: 'Backend developer',
        career: [{ startDt: '2020-01', company: 'ACME', level: 'Senior', description: '' }],
      }),
    );
    render([project(4, true)]);
    expect(within(step('profile')).getByText('Done')).toBeTruthy();
    expect(within(step('project')).getByText('Done')).toBeTruthy();
  });

  it('does not count a job without a career as a complete profile', () => {
    useProfileStore.getState().setProfile(profile({ job: 'Designer' }));
    render();
    expect(within(step('profile')).getByText('Not done yet')).toBeTruthy();
  });

  it('chooses the mode in place and says so in the step, with no toast over the page (issue 33)', async () => {
    render();
    const client = screen.getByRole('button', { name: 'Client mode' });
    expect(client.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Professional mode' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await act(async () => fireEvent.click(client));
    expect(useRoleStore.getState().isClient).toBe(true);
    expect(client.getAttribute('aria-pressed')).toBe('true');
    expect(within(step('mode')).getByText('Now: Client mode')).toBeTruthy();
    expect(within(step('mode')).getByText('Now: Client mode').getAttribute('aria-live')).toBe('polite');
    expect(useToastStore.getState().toasts).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Professional mode' })));
    expect(useRoleStore.getState().isClient).toBe(false);
  });

  it('reads in Vietnamese', async () => {
    await act(() => setLanguage('vi'));
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Chào mừng bạn đến với Teamline' })).toBeTruthy();
    expect(within(step('mode')).getByText('Hiện tại: Chế độ chuyên gia')).toBeTruthy();
  });
});

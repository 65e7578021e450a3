import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { useProjectStore } from '../../../stores/project-store';
import { useRoleStore } from '../../../stores/role-store';
import { languages } from '@teamline/contract';
import { resources } from '@teamline/contract/i18n';
import { GuidePage, guideSections } from './GuidePage';
import { project, renderPage } from './test-utils';

vi.mock('../../../lib/project-api', () => ({ projectApi: { listOfMember: async () => [] } }));

beforeEach(() => {
  useAuthStore.setState({ isLogin: false, key: '', expires: '' });
  useRoleStore.getState().reset();
  useProjectStore.getState().reset();
});
afterEach(async () => {
  cleanup();
  await act(() => setLanguage('en'));
});

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('/guide', () => {
  it('explains the modes and every working part, each for a client and a professional', () => {
    renderPage('/guide', '/guide', <GuidePage />);
    expect(screen.getByRole('heading', { level: 2, name: 'How Teamline works' })).toBeTruthy();
    for (const title of [
      'Two modes, one account',
      'Planning',
      'Requests',
      'Contracts and time sheets',
      'Settlement',
      'Documents',
      'AI documents and timelines',
      'GitHub',
      'Recruitment',
      'Reviews',
      'Subscription and seats',
      'Webhooks',
      'Notifications',
      'Not available yet',
    ])
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeTruthy();
    expect(screen.getAllByText('As a client')).toHaveLength(guideSections.length);
    expect(screen.getAllByText('As a professional')).toHaveLength(guideSections.length);
    // The table of contents names every section.
    expect(screen.getByRole('navigation', { name: 'On this page' }).querySelectorAll('li')).toHaveLength(
      guideSections.length + 2,
    );
  });

  it('says no more that documents and AI do not work, and has every section’s texts in every language', async () => {
    renderPage('/guide', '/guide', <GuidePage />);
    expect(screen.getByText(/pilot \(auto-coding\)/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Documents, AI reports/);
    for (const lang of languages) {
      const sections = resources[lang].ui.guide.sections as Record<string, Record<string, string>>;
      for (const { key } of guideSections)
        for (const field of ['title', 'body', 'client', 'professional', 'link'])
          expect(sections[key]?.[field], `${lang} ${key}.${field}`).toBeTruthy();
    }
  });

  it('sends a visitor to login from the links into the app, and offers no first steps', () => {
    renderPage('/guide', '/guide', <GuidePage />);
    expect(href('Open the timeline →')).toBe('/login');
    expect(href('Open the webhook settings →')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'New here? Follow the first steps' })).toBeNull();
  });

  it('links a member into the selected project of the mode, settlement by mode', () => {
    useAuthStore.setState({ isLogin: true, key: 'k', expires: '' });
    useRoleStore.getState().setIsClient(true);
    renderPage('/guide', '/guide', <GuidePage />, [project(3), project(8, true)]);
    expect(href('Open the timeline →')).toBe('/timeline/8');
    expect(href('Open requests →')).toBe('/request/8');
    expect(screen.getAllByRole('link', { name: 'Open settlement →' })[0]?.getAttribute('href')).toBe(
      '/calculate/client/8',
    );
    expect(href('Open the subscription settings →')).toBe('/setting?tab=subscription');
    expect(href('Open the webhook settings →')).toBe('/setting?tab=webhooks');
    expect(href('Choose your notifications →')).toBe('/profile');
    expect(href('Open the documents →')).toBe('/doclist/8');
    expect(href('Open the GitHub settings →')).toBe('/setting?tab=github');
    expect(href('Open recruitment →')).toBe('/recruitment');
    expect(href('New here? Follow the first steps')).toBe('/instruction/new-register');
  });

  it('sends a member without a project in this mode to No project', () => {
    useAuthStore.setState({ isLogin: true, key: 'k', expires: '' });
    renderPage('/guide', '/guide', <GuidePage />, [project(8, true)]);
    expect(href('Open the timeline →')).toBe('/no-project');
  });

  it('reads in Korean and Vietnamese', async () => {
    await act(() => setLanguage('kr'));
    renderPage('/guide', '/guide', <GuidePage />);
    expect(screen.getByRole('heading', { level: 2, name: 'Teamline 사용 방법' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: '계약과 근무 시간표' })).toBeTruthy();
    cleanup();
    await act(() => setLanguage('vi'));
    renderPage('/guide', '/guide', <GuidePage />);
    expect(screen.getByRole('heading', { level: 3, name: 'Hợp đồng và bảng chấm công' })).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 3, name: 'Tài liệu và dòng thời gian bằng AI' }),
    ).toBeTruthy();
  });
});

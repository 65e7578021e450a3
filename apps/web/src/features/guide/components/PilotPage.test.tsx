import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { PilotPage } from './PilotPage';
import { renderPage } from './test-utils';

afterEach(async () => {
  cleanup();
  await act(() => setLanguage('en'));
});

describe('/pilot/{id}', () => {
  it('says it is a pilot that is not available yet, and leads back to the project', () => {
    renderPage('/pilot/:id', '/pilot/12', <PilotPage />);
    expect(screen.getByRole('heading', { name: 'Pilot: auto-coding' })).toBeTruthy();
    expect(screen.getByText(/It is not available yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the timeline' }).getAttribute('href')).toBe(
      '/timeline/12',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('speaks Vietnamese', async () => {
    await act(() => setLanguage('vi'));
    renderPage('/pilot/:id', '/pilot/12', <PilotPage />);
    expect(screen.getByRole('heading', { name: 'Thử nghiệm: tự động lập trình' })).toBeTruthy();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAlertStore } from '../components/ui/alert-store';
import { ApiError } from './api-client';
import './i18n';
import { reportProjectInactive } from './project-inactive';

afterEach(() => {
  useAlertStore.getState().current?.reject(new Error('closed'));
  useAlertStore.getState().set(null);
  window.location.hash = '';
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a 423 PROJECT_INACTIVE answer', () => {
  it('says why in one alert and leads to Settings › Subscription', async () => {
    reportProjectInactive(new ApiError('PROJECT_INACTIVE', 423));
    reportProjectInactive(new ApiError('PROJECT_INACTIVE', 423));
    // The alert opens once the billing texts are in (any page may meet the answer).
    await vi.waitFor(() => expect(useAlertStore.getState().current).not.toBeNull());
    const alert = useAlertStore.getState().current;
    expect(alert?.text).toMatch(/This project is inactive/);
    expect(alert?.confirmText).toBe('Open settings');
    alert?.resolve(true);
    await settle();
    expect(window.location.hash).toBe('#/setting?tab=subscription');
  });

  it('other errors open nothing', async () => {
    reportProjectInactive(new ApiError('FORBIDDEN', 403));
    reportProjectInactive(new Error('network'));
    await settle();
    expect(useAlertStore.getState().current).toBeNull();
  });
});

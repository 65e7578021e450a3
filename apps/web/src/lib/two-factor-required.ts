import { openAlert } from '../components/ui/alert-store';
import { ApiError } from './api-client';
import { i18next, loadUiAreas } from './i18n';

let isShowing = false;

/**
 * A 403 `TWO_FACTOR_REQUIRED` answer (a project asks its admins and clients for two-factor sign-in
 * and this account has none): one alert at a time says so in the reader's language and leads to
 * the profile's two-factor section, instead of a page of failed calls.
 */
export function reportTwoFactorRequired(error: unknown): void {
  if (!(error instanceof ApiError) || error.code !== 'TWO_FACTOR_REQUIRED' || isShowing) return;
  isShowing = true;
  loadUiAreas(['twoFactor'])
    .then(() =>
      openAlert(i18next.t('ui.twoFactor.requiredText'), {
        confirmText: i18next.t('ui.twoFactor.requiredOpen'),
        cancelText: i18next.t('ui.common.close'),
      }),
    )
    .then(() => {
      window.location.hash = '#/profile?section=two-factor';
    })
    .catch(() => undefined)
    .finally(() => {
      isShowing = false;
    });
}

import { ApiError } from './api-client';
import { i18next, loadUiAreas } from './i18n';
import { openAlert } from '../components/ui/alert-store';

let isShowing = false;

/**
 * A 423 `PROJECT_INACTIVE` answer (docs/product/billing.md#plans-and-prices: an inactive project answers every call
 * but settings and billing with it): one alert at a time says why, in the reader's language, and
 * offers the way to Settings › Subscription, where an admin adds sheets.
 */
export function reportProjectInactive(error: unknown): void {
  if (!(error instanceof ApiError) || error.code !== 'PROJECT_INACTIVE' || isShowing) return;
  isShowing = true;
  // Any page may meet the answer: the billing texts (route-texts.ts) are fetched first.
  loadUiAreas(['billing'])
    .then(() =>
      openAlert(i18next.t('ui.billing.inactive.text'), {
        confirmText: i18next.t('ui.billing.inactive.open'),
        cancelText: i18next.t('ui.common.close'),
      }),
    )
    .then(() => {
      window.location.hash = '#/setting?tab=subscription';
    })
    .catch(() => undefined)
    .finally(() => {
      isShowing = false;
    });
}

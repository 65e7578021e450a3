import { githubOauthOutcomes, type GithubOauthOutcome } from '@teamline/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../../stores/toast-store';

const isOutcome = (v: string | null): v is GithubOauthOutcome =>
  (githubOauthOutcomes as readonly string[]).includes(v ?? '');

/**
 * Back from GitHub the callback lands on `#/setting?idx=…&tab=github&github=connected|cancelled|failed`:
 * one toast says how it went, then the `github` parameter goes, so a reload does not say it again.
 */
export function useOauthReturn(): void {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('github');
  // Once per visit, also when React runs the effect twice in development.
  const shown = useRef(false);
  useEffect(() => {
    if (!isOutcome(outcome) || shown.current) return;
    shown.current = true;
    if (outcome === 'connected') notify(t('ui.github.connect.connected'), 'success');
    else if (outcome === 'cancelled') notify(t('errors.GITHUB_CONNECTION_CANCELLED'), 'error');
    else notify(t('errors.GITHUB_FETCH_FAILED'), 'error');
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('github');
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams, t]);
}

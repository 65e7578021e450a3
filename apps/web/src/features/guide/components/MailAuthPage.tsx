import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { readJoinSession } from '../../../lib/storage';
import { useAuthStore } from '../../../stores/auth-store';
import { notify } from '../../../stores/toast-store';
import '../guide.css';

/** The outcome `/mailauth?result=` names; anything else reads as a failure. */
export const mailAuthOutcome = (result: string | null): 'success' | 'failure' =>
  result === 'success' ? 'success' : 'failure';

/**
 * `/mailauth`: the landing of an e-mail authentication. `?token=` is a mailed link and goes to
 * `/verify/email`, the one place that spends a token; `?result=success|failure` shows the docs/product/accounts.md#errors
 * toast (email authenticated / email authentication failed) and what to do next.
 */
export function MailAuthPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <Navigate to={`/verify/email?token=${encodeURIComponent(token)}`} replace />;
  return <MailAuthResult outcome={mailAuthOutcome(params.get('result'))} />;
}

function MailAuthResult({ outcome }: { outcome: 'success' | 'failure' }) {
  const { t } = useTranslation();
  const isLogin = useAuthStore((s) => s.isLogin);
  const hasJoinSession = readJoinSession() !== null;
  const toasted = useRef(false);

  useEffect(() => {
    // Once per visit: StrictMode runs effects twice.
    if (toasted.current) return;
    toasted.current = true;
    if (outcome === 'success') notify(t('ui.toast.emailAuthenticated'), 'success');
    else notify(t('ui.toast.emailAuthFailed'), 'error');
  }, [outcome, t]);

  const isSuccess = outcome === 'success';
  const next = isSuccess
    ? hasJoinSession
      ? { to: '/join', label: t('ui.guide.mailauth.continueJoin') }
      : isLogin
        ? { to: '/', label: t('ui.common.goHome') }
        : { to: '/login', label: t('ui.guide.mailauth.login') }
    : { to: '/mailform', label: t('ui.guide.mailauth.again') };

  return (
    <div className="page">
      <div className={`card state-card mailauth mailauth--${outcome}`} data-testid={`mailauth-${outcome}`}>
        <span className={`mailauth__icon mailauth__icon--${outcome}`} aria-hidden="true">
          <Icon name={isSuccess ? 'check' : 'warning'} size={28} />
        </span>
        <h2>{t(isSuccess ? 'ui.guide.mailauth.successTitle' : 'ui.guide.mailauth.failureTitle')}</h2>
        <p>{t(isSuccess ? 'ui.guide.mailauth.successBody' : 'ui.guide.mailauth.failureBody')}</p>
        <Link className="btn btn--green btn--medium" to={next.to}>
          {next.label}
        </Link>
      </div>
    </div>
  );
}

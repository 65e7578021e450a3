import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../app/RootLayout';
import { writeJoinSession } from '../../../lib/storage';
import { notify } from '../../../stores/toast-store';
import { authApi } from '../api/auth-api';
import { AuthShell } from '../../../components/AuthShell';

/** `#/verify/email?token=`: verify, keep e-mail and verifiedToken for the tab, continue to /join. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [hasFailed, setHasFailed] = useState(() => !token);
  const started = useRef(false);

  useEffect(() => {
    // Tokens are single-use: StrictMode's second effect run must not spend it twice.
    if (started.current) return;
    started.current = true;
    if (!token) {
      notify(t('ui.toast.emailAuthFailed'), 'error');
      return;
    }
    authApi
      .verifyEmail(token)
      .then((result) => {
        writeJoinSession(result);
        notify(t('ui.toast.emailAuthenticated'), 'success');
        void navigate('/join', { replace: true });
      })
      .catch(() => {
        notify(t('ui.toast.emailAuthFailed'), 'error');
        setHasFailed(true);
      });
  }, [token, navigate, t]);

  if (!hasFailed) {
    return (
      <AuthShell title={t('ui.verify.verifying')}>
        <PageSpinner />
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('ui.verify.failedTitle')}>
      <p className="auth-card__message">{t('ui.verify.failedBody')}</p>
      <Link className="btn btn--green btn--large btn--block" to="/mailform">
        {t('ui.verify.again')}
      </Link>
    </AuthShell>
  );
}
